package dev.tether.conformance;

import dev.tether.json.Json;
import dev.tether.mcp.McpTool;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The conformance suite's JSON Schema scenarios, driven through Tether's real projection and
 * call path: what is echoed is the input schema the model is given, and arguments are checked
 * by the same code that checks the model's.
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
     * json-schema-ref-no-deref: the lookup tool's schema has a same-document {@code $ref} and one
     * to a canary URL. An id that breaks the referenced definition must be refused before any
     * request; a profile (which only the canary could describe) leaves the check undecided, so
     * that call goes to the server, which here knows no {@code tools/call}: its error is expected.
     */
    static void checkArgumentsWithoutFetching(List<Tool> tools) {
        tool(tools, LOOKUP);
        try {
            ConformanceClient.call(tools, LOOKUP, Json.parse("{\"id\":\"Not A Valid Id!\"}"));
            throw new ConformanceClient.FlowFailed(LOOKUP + ": an id breaking #/$defs/userId was sent");
        } catch (ToolError e) {
            if (!e.getMessage().contains("so the call was not sent")) {
                throw new ConformanceClient.FlowFailed(LOOKUP + ": expected a refusal by the schema, got: " + e.getMessage());
            }
            System.err.println("conformance: " + LOOKUP + " refused before sending: " + e.getMessage());
        }
        try {
            ConformanceClient.call(tools, LOOKUP, Json.parse("{\"id\":\"ada\",\"profile\":{\"displayName\":\"Ada\"}}"));
        } catch (ToolError | ConformanceClient.FlowFailed e) {
            if (e.getMessage().contains("so the call was not sent")) {
                throw new ConformanceClient.FlowFailed(LOOKUP + ": a profile was refused although only the canary could judge it");
            }
            System.err.println("conformance: " + LOOKUP + " with a profile reached the server: " + e.getMessage());
        }
    }

    private static McpTool tool(List<Tool> tools, String name) {
        return tools.stream().filter(t -> t instanceof McpTool m && m.rawName().equals(name)).map(McpTool.class::cast).findFirst()
                .orElseThrow(() -> new ConformanceClient.FlowFailed("the server lists no tool \"" + name + "\""));
    }
}
