package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.ConfigOption;
import java.util.List;

/**
 * The answer to {@code session/set_config_option}: every config option of the session, as they
 * are now (one change may move others).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-config-options">ACP session config options</a>
 */
public record SetSessionConfigOptionResponse(List<ConfigOption> configOptions) {}
