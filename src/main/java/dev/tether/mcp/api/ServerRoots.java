package dev.tether.mcp.api;

/**
 * Whether a server is given the session's roots, and whether it showed that it needs them.
 *
 * @param exposed whether its policy grants {@code exposeRoots}, so that it is offered roots
 * @param needed  what the server said that shows it needs roots it is not given (its words:
 *                sanitised, redacted, cut), or null while it said nothing of the kind
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/roots">MCP roots</a>
 */
public record ServerRoots(boolean exposed, String needed) {}
