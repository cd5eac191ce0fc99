package dev.tether.acp.schema.agent;

/**
 * The answer to {@code session/set_mode}: {@code {}} (the change itself is sent as a
 * {@code current_mode_update}).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-modes">ACP session modes</a>
 */
public record SetSessionModeResponse() {}
