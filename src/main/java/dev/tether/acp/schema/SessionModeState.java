package dev.tether.acp.schema;

import java.util.List;

/**
 * The session's modes as the session setup answers show them: the current one and every one the
 * editor may switch to.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-modes">ACP session modes</a>
 */
public record SessionModeState(String currentModeId, List<SessionMode> availableModes) {

    public record SessionMode(String id, String name, String description) {}
}
