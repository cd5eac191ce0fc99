package dev.tether.mcp.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The cache hint of a 2026 list result: read, clamped, and the rule that decides a re-list before a model request. */
class CacheHintTest {
    private static final Duration TTL = Duration.ofSeconds(20);

    private static CacheHint hint(String json) {
        return CacheHint.of(Json.parse(json.replace('\'', '"')));
    }

    @Test
    void ttlMsIsClampedButZeroStaysRevalidateEveryTime() {
        assertEquals(Duration.ZERO, hint("{'ttlMs':0,'cacheScope':'private'}").ttl());
        assertEquals(CacheHint.MIN_TTL, hint("{'ttlMs':5,'cacheScope':'private'}").ttl());
        assertEquals(Duration.ofSeconds(90), hint("{'ttlMs':90000,'cacheScope':'public'}").ttl());
        assertEquals(CacheHint.MAX_TTL, hint("{'ttlMs':86400000000}").ttl());
        assertEquals("public", hint("{'ttlMs':1000,'cacheScope':'public'}").scope());
        assertEquals("private", hint("{'ttlMs':1000,'cacheScope':'shared-by-all'}").scope());
        assertNull(hint("{'tools':[]}"), "2025 results carry no hint");
        assertNull(hint("{'ttlMs':-1}"));
        assertNull(hint("{'ttlMs':'60000'}"));
    }

    @Test
    void theServersHintWinsOverTheCatalogTtlAndListChanged() {
        CacheHint zero = new CacheHint(Duration.ZERO, "private");
        CacheHint minute = new CacheHint(Duration.ofMinutes(1), "private");
        assertTrue(CacheHint.due(zero, TTL, 0), "0: before every model request");
        assertFalse(CacheHint.due(minute, TTL, Duration.ofSeconds(59).toNanos()), "fresh for its ttl, past the catalog TTL");
        assertTrue(CacheHint.due(minute, TTL, Duration.ofSeconds(60).toNanos()));
        assertFalse(CacheHint.due(null, TTL, TTL.toNanos() - 1), "no hint: the catalog TTL");
        assertTrue(CacheHint.due(null, TTL, TTL.toNanos()), "no hint: the catalog TTL");
        assertFalse(CacheHint.due(zero, Duration.ZERO, Long.MAX_VALUE), "catalogTtlSeconds 0 turns timed re-lists off");
        assertEquals(minute, CacheHint.shorter(new CacheHint(Duration.ofHours(1), "private"), minute));
        assertEquals(minute, CacheHint.shorter(null, minute));
    }
}
