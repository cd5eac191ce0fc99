package dev.tether.acp.schema.agent;

/**
 * {@code session/set_config_option}: set the option {@code configId} to the choice {@code value}.
 * Tether offers only select options, so {@code value} is a choice's id (the schema's boolean form
 * is invalid params here).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-config-options">ACP session config options</a>
 */
public record SetSessionConfigOptionRequest(String sessionId, String configId, String value) {}
