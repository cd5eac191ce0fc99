package dev.tether.mcp.auth.dpop;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The DPoP state of every MCP server of one Tether process, by the server's canonical URL. A key
 * pair is made the first time a server's authorization server offers DPoP, or taken over from a
 * stored credential ({@link #adopt}), and lives as long as this object: the sessions of one
 * process share it, as they share the tokens bound to it.
 */
public final class DpopKeys {
    private final Map<String, DpopProofs> servers = new ConcurrentHashMap<>();
    private final Clock clock;

    public DpopKeys() {
        this(Clock.systemUTC());
    }

    public DpopKeys(Clock clock) {
        this.clock = clock;
    }

    /**
     * Makes {@code stored} (the key a stored token is bound to) the key of the server at
     * {@code canonicalUrl}, unless this process already has one for it; returns the server's DPoP state.
     */
    public DpopProofs adopt(String canonicalUrl, DpopKey stored) {
        return servers.computeIfAbsent(canonicalUrl, url -> new DpopProofs(stored, clock));
    }

    /** The DPoP state of the server at {@code canonicalUrl}, its key made on first use. */
    public DpopProofs forServer(String canonicalUrl) {
        return servers.computeIfAbsent(canonicalUrl, url -> new DpopProofs(DpopKey.generate(), clock));
    }
}
