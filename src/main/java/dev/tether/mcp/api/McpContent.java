package dev.tether.mcp.api;

import dev.tether.jsonrpc.SpilledString;

/**
 * One content block of an MCP tool result, as sent (binary data still base64).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-result">MCP tool result</a>
 */
public sealed interface McpContent {
    record Text(String text) implements McpContent {}

    /**
     * A text item too large to hold in memory, read into a file while it arrived (only the text
     * items of a {@code tools/call} answer over stdio); whoever maps the result closes it.
     */
    record SpilledText(SpilledString text) implements McpContent {}

    record Image(String base64, String mimeType) implements McpContent {}

    record Audio(String base64, String mimeType) implements McpContent {}

    record ResourceLink(String uri, String name, String title, String description, String mimeType, Long size)
            implements McpContent {}

    /** An embedded resource with text contents. */
    record TextResource(String uri, String mimeType, String text) implements McpContent {}

    /** An embedded resource with binary contents. */
    record BlobResource(String uri, String mimeType, String base64) implements McpContent {}

    /** A content type this client does not know. */
    record Unknown(String type) implements McpContent {}
}
