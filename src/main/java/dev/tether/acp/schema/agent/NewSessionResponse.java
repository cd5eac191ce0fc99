package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.ConfigOption;
import dev.tether.acp.schema.SessionModeState;
import java.util.List;

/**
 * The answer to {@code session/new}: the new session's id, its modes and its config options.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup#creating-a-session">ACP creating a session</a>
 */
public record NewSessionResponse(String sessionId, SessionModeState modes, List<ConfigOption> configOptions) {}
