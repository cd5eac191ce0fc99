package dev.tether.acp.schema.agent;

/**
 * {@code session/set_mode}: switch the session to {@code modeId}, one of the modes its setup
 * answer listed.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-modes">ACP session modes</a>
 */
public record SetSessionModeRequest(String sessionId, String modeId) {}
