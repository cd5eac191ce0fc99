package dev.tether.conformance;

import dev.tether.json.Json;
import dev.tether.mcp.projection.McpTool;
import dev.tether.mcp.schema.SchemaCheck;
import dev.tether.mcp.schema.Verdict;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The conformance suite's JSON Schema scenarios, driven through Tether's real projection: what
 * is echoed is the input schema the model is given, and values are checked against it by the
 * validator Tether uses for output schemas and form answers.
 *
 * @see <a href="https://modelcontextprotocol.io/seps/2106-json-schema-2020-12">SEP-2106</a>
 */
final class SchemaScenarios {
    private static final String FOCAL = "json_schema_2020_12_tool";
    private static final String ECHO = "json_schema_echo";
    private static final String LOOKUP = "lookup_user";

    private SchemaScenarios() {}

    /** json-schema-2020-12-preservation: sends the focal tool's projected input schema back through the echo tool. */
    static void echoProjectedSchema(List<Tool> tools) throws ToolError {
        JsonNode projected = tool(tools, FOCAL).definition().inputSchema();
        ObjectNode arguments = Json.object();
        arguments.set("schema", projected);
        ConformanceClient.call(tools, ECHO, arguments);
    }

    /**
     * json-schema-ref-no-deref: the lookup tool's projected schema has a same-document {@code $ref}
     * and one to a canary URL. Tether's own validator ({@link SchemaCheck}, what checks output
     * schemas and form answers) must resolve the first and leave the second unloaded: a bad id is
     * caught through {@code #/$defs/userId}, a profile (which only the canary could describe) is
     * undecided. The scenario's server answers no {@code tools/call}, so nothing is called.
     */
    static void checkWithoutFetching(List<Tool> tools) {
        SchemaCheck check = new SchemaCheck(tool(tools, LOOKUP).definition().inputSchema());
        Verdict badId = check.check(Json.parse("{\"id\":\"Not A Valid Id!\"}"));
        if (!(badId instanceof Verdict.Invalid invalid) || !String.join(" ", invalid.problems()).contains("/id")) {
            throw new ConformanceClient.FlowFailed(LOOKUP + ": an id breaking #/$defs/userId was not caught: " + badId);
        }
        Verdict profile = check.check(Json.parse("{\"id\":\"ada\",\"profile\":{\"displayName\":\"Ada\"}}"));
        if (!(profile instanceof Verdict.Unchecked)) {
            throw new ConformanceClient.FlowFailed(LOOKUP + ": a value under the network $ref was judged: " + profile);
        }
        System.err.println("conformance: " + LOOKUP + ": " + badId + "; with a profile: " + profile);
    }

    private static McpTool tool(List<Tool> tools, String name) {
        return tools.stream().filter(t -> t instanceof McpTool m && m.rawName().equals(name)).map(McpTool.class::cast).findFirst()
                .orElseThrow(() -> new ConformanceClient.FlowFailed("the server lists no tool \"" + name + "\""));
    }
}
