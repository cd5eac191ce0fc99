package dev.tether.acp.schema.agent;

import java.util.List;

/**
 * The answer to {@code session/list}: one page of sessions, newest first, and the cursor of the
 * next page (null on the last).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
public record ListSessionsResponse(List<SessionInfo> sessions, String nextCursor) {
    public ListSessionsResponse {
        sessions = List.copyOf(sessions);
    }

    /**
     * One recorded session; {@code additionalDirectories} is null when there are none and
     * {@code title} when it has none yet. {@code updatedAt} is an ISO 8601 instant.
     */
    public record SessionInfo(String sessionId, String cwd, List<String> additionalDirectories, String title, String updatedAt) {}
}
