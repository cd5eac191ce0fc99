package dev.tether.acp.schema.agent;

import dev.tether.acp.schema.ConfigOption;
import dev.tether.acp.schema.SessionModeState;
import java.util.List;

/**
 * The answer to {@code session/resume}: the session's modes and config options.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
public record ResumeSessionResponse(SessionModeState modes, List<ConfigOption> configOptions) {}
