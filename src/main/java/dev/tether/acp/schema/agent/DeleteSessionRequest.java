package dev.tether.acp.schema.agent;

/**
 * {@code session/delete}: close the session if it is live and delete its transcript.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
public record DeleteSessionRequest(String sessionId) {}
