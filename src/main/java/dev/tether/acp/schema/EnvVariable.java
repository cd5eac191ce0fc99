package dev.tether.acp.schema;

/**
 * A variable set in the environment of a process: a stdio MCP server's, or a terminal's command.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup#mcp-servers">ACP MCP servers</a>
 */
public record EnvVariable(String name, String value) {}
