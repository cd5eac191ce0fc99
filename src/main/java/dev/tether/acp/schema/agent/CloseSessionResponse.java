package dev.tether.acp.schema.agent;

/**
 * The answer to {@code session/close}: {@code {}}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
public record CloseSessionResponse() {}
