package dev.tether.acp.schema.agent;

/**
 * {@code session/cancel} (a notification): stop the session's running turn, whose prompt then
 * answers {@code cancelled}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/prompt-turn#cancellation">ACP cancellation</a>
 */
public record CancelNotification(String sessionId) {}
