package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.McpServer;
import java.util.List;

/**
 * {@code session/load}: a recorded session to replay and continue, with the same fields as
 * {@link NewSessionRequest} besides its id ({@code mcpServers} required here too).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup#loading-sessions">ACP loading sessions</a>
 */
public record LoadSessionRequest(String sessionId, String cwd, List<String> additionalDirectories, List<McpServer> mcpServers) {}
