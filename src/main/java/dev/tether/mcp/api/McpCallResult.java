package dev.tether.mcp.api;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The answer to {@code tools/call}.
 *
 * @param structuredContent the structured result, or null
 * @param isError           the tool ran and reports an error (the model reads it)
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-result">MCP tool result</a>
 */
public record McpCallResult(List<McpContent> content, JsonNode structuredContent, boolean isError) {
    public McpCallResult {
        content = List.copyOf(content);
    }

    /** Deletes the files of its spilled text items; for a result that is dropped, or once it is mapped. Idempotent. */
    public void release() {
        for (McpContent item : content) {
            if (item instanceof McpContent.SpilledText spilled) {
                spilled.text().close();
            }
        }
    }
}
