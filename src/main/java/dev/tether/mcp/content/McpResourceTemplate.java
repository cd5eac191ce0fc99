package dev.tether.mcp.content;

/**
 * One resource template a server listed, as sent, with its parsed matcher.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/resources#resource-templates">MCP resource templates</a>
 */
public record McpResourceTemplate(String uriTemplate, String name, String title, String description, String mimeType,
                                  UriTemplate matcher) {}
