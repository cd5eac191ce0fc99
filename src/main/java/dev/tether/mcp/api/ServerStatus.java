package dev.tether.mcp.api;

/**
 * Where one MCP server stands. Immutable: listeners and callers get a snapshot.
 *
 * @param reason          why it failed, disconnected or is recovering; while ready, why a resource or
 *                        prompt catalog is missing or stale (its last fetch failed; the tools are
 *                        unaffected); redacted, or null
 * @param toolCount       tools of its committed catalog that the model can see now (0 unless ready)
 * @param protocolVersion the negotiated version, or null before {@code initialize} succeeded
 * @param generation      bumped by every (re)connect, recovery attempt, disconnect and close;
 *                        results and events of older generations are dropped
 * @param catalogRevision bumped each time a new tool catalog is committed (0 = none yet)
 * @param resourceCount   resources of its committed resource catalog (0 unless ready)
 * @param templateCount   resource templates of that catalog (0 unless ready)
 * @param promptCount     prompts of its committed prompt catalog (0 unless ready)
 */
public record ServerStatus(String name, State state, String reason, int toolCount, String protocolVersion,
                           int generation, long catalogRevision, int resourceCount, int templateCount,
                           int promptCount) {

    /** A status without content counts (all zero). */
    public ServerStatus(String name, State state, String reason, int toolCount, String protocolVersion,
                        int generation, long catalogRevision) {
        this(name, state, reason, toolCount, protocolVersion, generation, catalogRevision, 0, 0, 0);
    }

    /**
     * {@code CONNECTING} → {@code READY} | {@code FAILED}; {@code READY} → {@code RECOVERING} on a
     * terminal transport error → {@code READY} | {@code FAILED}; any → {@code DISCONNECTED} by
     * the user or on close; {@code FAILED}/{@code NEEDS_AUTH}/{@code DISCONNECTED} → {@code CONNECTING}
     * by a manual reconnect. {@code NEEDS_AUTH} is a failed connect whose HTTP server refused the
     * stored credential and refused to refresh it: the user has to sign in again, which the next
     * connect starts.
     */
    public enum State { CONNECTING, READY, RECOVERING, FAILED, NEEDS_AUTH, DISCONNECTED }
}
