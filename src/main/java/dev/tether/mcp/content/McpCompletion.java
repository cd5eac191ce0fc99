package dev.tether.mcp.content;

import java.util.List;

/**
 * Candidates a server offered for one argument, bounded and sanitised.
 *
 * @param total   how many candidates the server says exist, or null
 * @param hasMore whether the server says there are more than it sent, or null
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/completion">MCP completion</a>
 */
public record McpCompletion(List<String> values, Integer total, Boolean hasMore) {
    public McpCompletion {
        values = List.copyOf(values);
    }
}
