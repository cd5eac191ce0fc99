package dev.tether.mcp.content;

import dev.tether.security.SecretCuts;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * {@code mcp_complete {server, ref, argument, context?}}: candidate values for a prompt argument
 * or a resource template variable, as read-only data. The prompt, template and argument must be
 * in the server's current catalogs; candidates are bounded by {@link Completions}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion">MCP completion</a>
 */
public final class CompleteTool extends ContentTool {
    public static final String NAME = "mcp_complete";

    public CompleteTool(ContentAccess access, SecretCuts cuts) {
        super(access, cuts, NAME, """
                Asks a connected MCP server for candidate values of a prompt argument or a resource template \
                variable (for example the ids that start with what you typed).""", """
                {"type":"object","properties":{
                  "server":{"type":"string"},
                  "ref":{"type":"object","properties":{
                    "type":{"type":"string","enum":["prompt","resource_template"]},
                    "name":{"type":"string","description":"the prompt name (type prompt)"},
                    "uri":{"type":"string","description":"the uriTemplate exactly as listed (type resource_template)"}},
                   "required":["type"]},
                  "argument":{"type":"object","properties":{"name":{"type":"string"},"value":{"type":"string"}},
                   "required":["name","value"]},
                  "context":{"type":"object","properties":{"arguments":{"type":"object",
                    "additionalProperties":{"type":"string"}}}}},
                 "required":["server","ref","argument"],"additionalProperties":false}""");
    }

    @Override
    String title(JsonNode input) {
        return "Complete " + line(input.path("argument").path("name").asString("argument")) + " ("
                + line(input.path("server").asString("?")) + ")";
    }

    @Override
    ToolOutcome call(JsonNode input, ToolContext context) throws ToolError.TellModel {
        String server = string(input, "server", true);
        JsonNode refNode = input.path("ref");
        CompletionRef ref = switch (refNode.path("type").asString("")) {
            case "prompt" -> new CompletionRef.Prompt(string(refNode, "name", true));
            case "resource_template" -> new CompletionRef.ResourceTemplate(string(refNode, "uri", true));
            default -> throw new ToolError.TellModel("ref.type must be \"prompt\" or \"resource_template\"");
        };
        JsonNode argument = input.path("argument");
        Map<String, String> ctx = new LinkedHashMap<>();
        JsonNode args = input.path("context").path("arguments");
        if (args.isObject()) {
            for (Map.Entry<String, JsonNode> e : args.properties()) {
                if (!e.getValue().isString()) {
                    throw new ToolError.TellModel("context.arguments values must be strings");
                }
                ctx.put(e.getKey(), e.getValue().asString());
            }
        }
        McpCompletion result = access.complete(server, ref, string(argument, "name", true),
                string(argument, "value", true), ctx, context.cancellation());
        return ToolOutcome.text(Completions.describe(result));
    }
}
