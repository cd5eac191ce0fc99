package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.McpServer;
import java.util.List;

/**
 * {@code session/fork}: a new session whose conversation starts as a copy of session
 * {@code sessionId}'s, in {@code cwd}, with the given additional directories and MCP servers
 * ({@code mcpServers} may be absent: then a live source's servers are started again).
 *
 * @see <a href="https://agentclientprotocol.com/rfds/session-fork">ACP session fork (RFD; unstable in schema 1.25)</a>
 */
public record ForkSessionRequest(String sessionId, String cwd, List<String> additionalDirectories, List<McpServer> mcpServers) {}
