package dev.tether.acp.schema.agent;

/**
 * {@code session/list}: the recorded sessions, optionally only those of {@code cwd} (absolute), from
 * {@code cursor} (a previous answer's {@code nextCursor}) on; both may be null.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
public record ListSessionsRequest(String cwd, String cursor) {
    public static final ListSessionsRequest ALL = new ListSessionsRequest(null, null);
}
