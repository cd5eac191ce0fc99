package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.McpServer;
import java.util.List;

/**
 * {@code session/new}: a session in {@code cwd} (absolute), with more directories it may reach and
 * the editor's MCP servers. A list is null when it was absent and empty when it was JSON
 * {@code null}, which ACP 1.25 reads as empty ({@code x-deserialize-default-on-null}); a missing
 * {@code mcpServers} is invalid params.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup#creating-a-session">ACP creating a session</a>
 */
public record NewSessionRequest(String cwd, List<String> additionalDirectories, List<McpServer> mcpServers) {}
