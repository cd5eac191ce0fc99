package dev.tether.mcp.interaction;

/**
 * What the user's policy lets one server ask of the client: the session's directories as roots,
 * and sampling through the session's model. Form and URL elicitation are not granted per server;
 * they follow what the host can show. The interaction half reads only these switches, so it
 * takes them instead of the whole per-server policy.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client">MCP client features</a>
 */
public record ServerGrants(boolean exposeRoots, boolean sampling) {}
