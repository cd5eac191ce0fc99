package dev.tether.acp.schema.agent;

/**
 * {@code authenticate}: the editor says the user finished the auth method {@code methodId}
 * (one of those {@code initialize} offered).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization</a>
 */
public record AuthenticateRequest(String methodId) {}
