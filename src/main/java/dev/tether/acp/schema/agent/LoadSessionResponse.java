package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.ConfigOption;
import dev.tether.acp.schema.SessionModeState;
import java.util.List;

/**
 * The answer to {@code session/load}, sent after the replayed updates: the session's modes and
 * config options.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup#loading-sessions">ACP loading sessions</a>
 */
public record LoadSessionResponse(SessionModeState modes, List<ConfigOption> configOptions) {}
