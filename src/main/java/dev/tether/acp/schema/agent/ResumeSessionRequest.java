package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.McpServer;
import java.util.List;

/**
 * {@code session/resume}: a recorded session to continue without replaying it; the fields of
 * {@link LoadSessionRequest}, but a missing {@code mcpServers} means none.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
public record ResumeSessionRequest(String sessionId, String cwd, List<String> additionalDirectories, List<McpServer> mcpServers) {}
