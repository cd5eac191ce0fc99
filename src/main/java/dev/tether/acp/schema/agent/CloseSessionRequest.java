package dev.tether.acp.schema.agent;

/**
 * {@code session/close}: cancel the session's turn, end its MCP servers and free it; the
 * transcript stays.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
public record CloseSessionRequest(String sessionId) {}
