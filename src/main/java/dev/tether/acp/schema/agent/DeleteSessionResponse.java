package dev.tether.acp.schema.agent;

/**
 * The answer to {@code session/delete}: {@code {}}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
public record DeleteSessionResponse() {}
