package dev.tether.mcp.content;

/**
 * One resource a server listed, as sent (not yet sanitised): {@code uri} is the raw identity
 * sent back in {@code resources/read}.
 *
 * @param size bytes, when the server says
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources#resource">MCP Resource</a>
 */
public record McpResource(String uri, String name, String title, String description, String mimeType, Long size) {}
