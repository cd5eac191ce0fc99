package dev.tether.acp.schema.agent;

/**
 * The answer to {@code authenticate} when the agent can now work: {@code {}}. When it still cannot,
 * the request is answered with the error {@code -32000} instead.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization</a>
 */
public record AuthenticateResponse() {}
