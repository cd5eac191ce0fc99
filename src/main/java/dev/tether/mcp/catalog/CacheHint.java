package dev.tether.mcp.catalog;

import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * The cache hint of an MCP 2026-07-28 list result ({@code ttlMs}, {@code cacheScope}), and the
 * rule it feeds: how old a catalog may get before Tether lists it again ahead of a model request.
 * The server's {@code ttlMs} wins over the configured catalog TTL, clamped to
 * [{@link #MIN_TTL}, {@link #MAX_TTL}]; {@code 0} means "revalidate before every model request"
 * (never more than once per request: the barrier asks once per pass). {@code cacheScope} changes
 * nothing: Tether's catalogs belong to one session and one sign-in already, so a {@code private}
 * list is never shared, and a {@code public} one is not shared either. A {@code list_changed}
 * notification invalidates a catalog at once, whatever its hint.
 *
 * @param ttl   the server's {@code ttlMs}, clamped (zero kept)
 * @param scope {@code cacheScope} as sent ({@code private} when absent or unknown)
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/schema#cacheableresult">MCP CacheableResult</a>
 */
public record CacheHint(Duration ttl, String scope) {
    /** The shortest positive lifetime Tether gives a list, whatever the server says: no re-list storms. */
    public static final Duration MIN_TTL = Duration.ofSeconds(1);
    /** The longest: a server's mistake heals within an hour. */
    public static final Duration MAX_TTL = Duration.ofHours(1);

    /** The hint of {@code result}, or null when it carries no valid {@code ttlMs} (every earlier revision). */
    public static CacheHint of(JsonNode result) {
        JsonNode ttl = result == null ? null : result.get("ttlMs");
        if (ttl == null || !ttl.isIntegralNumber() || ttl.asLong() < 0) {
            return null;
        }
        JsonNode scope = result.get("cacheScope");
        return new CacheHint(clamp(ttl.asLong()), scope != null && "public".equals(scope.asString(null)) ? "public" : "private");
    }

    /** {@code ttlMs} as Tether uses it: 0 stays 0, anything else within [{@link #MIN_TTL}, {@link #MAX_TTL}]. */
    public static Duration clamp(long ttlMs) {
        if (ttlMs <= 0) {
            return Duration.ZERO;
        }
        Duration ttl = Duration.ofMillis(ttlMs);
        return ttl.compareTo(MIN_TTL) < 0 ? MIN_TTL : ttl.compareTo(MAX_TTL) > 0 ? MAX_TTL : ttl;
    }

    /** The shorter-lived of two hints (the pages of one list); either may be null. */
    public static CacheHint shorter(CacheHint a, CacheHint b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return a.ttl.compareTo(b.ttl) <= 0 ? a : b;
    }

    /**
     * Whether a catalog fetched {@code ageNanos} ago is due for a fetch before a model request. The
     * caller asks only for a kind that no open stream announces changes of ({@code list_changed}
     * from a 2025 server, a 2026 server's listen stream): those are never re-listed on a timer.
     *
     * @param hint       the server's hint for it, or null
     * @param catalogTtl {@code mcp.catalogTtlSeconds}; zero turns every timed re-list off, hints included
     */
    public static boolean due(CacheHint hint, Duration catalogTtl, long ageNanos) {
        if (catalogTtl.isZero()) {
            return false;
        }
        return ageNanos >= (hint != null ? hint.ttl : catalogTtl).toNanos();
    }
}
