package dev.tether.mcp.api;

/**
 * One {@code notifications/progress} for a call.
 *
 * @param total   null when unknown
 * @param message null when absent
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress">MCP progress</a>
 */
public record McpProgress(double progress, Double total, String message) {}
