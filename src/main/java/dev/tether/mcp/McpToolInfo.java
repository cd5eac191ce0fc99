package dev.tether.mcp;

import tools.jackson.databind.JsonNode;

/**
 * A tool as an MCP server lists it, with its strings as sent (not yet sanitised).
 *
 * @param inputSchema  the JSON Schema of the arguments, or null when absent
 * @param outputSchema the JSON Schema of {@code structuredContent}, or null
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool">MCP Tool</a>
 */
public record McpToolInfo(String name, String title, String description, JsonNode inputSchema,
                          JsonNode outputSchema, Hints hints) {

    /** The tool's annotations; null means the server did not say. */
    public record Hints(String title, Boolean readOnly, Boolean destructive, Boolean idempotent, Boolean openWorld) {
        public static final Hints NONE = new Hints(null, null, null, null, null);
    }
}
