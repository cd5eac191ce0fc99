package dev.tether.mcp.content;

import dev.tether.security.SecretCuts;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import tools.jackson.databind.JsonNode;

/**
 * {@code mcp_read_resource {server, uri}}: reads a resource the server's catalog lists or whose
 * URI matches one of its templates; anything else is refused before a request is sent.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources#reading-resources">MCP resources/read</a>
 */
public final class ReadResourceTool extends ContentTool {
    public static final String NAME = "mcp_read_resource";

    public ReadResourceTool(ContentAccess access, SecretCuts cuts) {
        super(access, cuts, NAME, """
                Reads one resource of a connected MCP server: a URI that mcp_list_resources lists, or one that \
                matches a listed uriTemplate. Large text comes back as a head plus an artifact id; binary \
                contents as mime type, size and hash.""", """
                {"type":"object","properties":{
                  "server":{"type":"string","description":"the MCP server"},
                  "uri":{"type":"string","description":"the resource URI"}},
                 "required":["server","uri"],"additionalProperties":false}""");
    }

    @Override
    String title(JsonNode input) {
        return "Read " + line(input.path("uri").asString("resource")) + " (" + line(input.path("server").asString("?")) + ")";
    }

    @Override
    ToolOutcome call(JsonNode input, ToolContext context) throws ToolError.TellModel {
        return access.readResource(string(input, "server", true), string(input, "uri", true), context.cancellation());
    }
}
