package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.ConfigOption;
import dev.tether.acp.schema.SessionModeState;
import java.util.List;

/**
 * The answer to {@code session/fork}: the new session's id, its modes and its config options, as
 * {@code session/new} answers them.
 *
 * @see <a href="https://agentclientprotocol.com/rfds/session-fork">ACP session fork (RFD; unstable in schema 1.25)</a>
 */
public record ForkSessionResponse(String sessionId, SessionModeState modes, List<ConfigOption> configOptions) {}
