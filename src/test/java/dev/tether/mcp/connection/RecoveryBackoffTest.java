package dev.tether.mcp.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.settings.McpConnectionSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The recovery backoff doubles to its cap with equal jitter, and the breaker's cool-down doubles to its own. */
class RecoveryBackoffTest {

    @Test
    void theSequenceDoublesToTheCapWithEqualJitter() {
        Iterator<Double> draws = List.of(0.0, 1.0, 0.5, 0.0, 1.0, 0.25).iterator();
        McpConnectionSettings.Recovery policy = new McpConnectionSettings.Recovery(6, Duration.ofMillis(500),
                Duration.ofSeconds(16), draws::next);
        List<Long> waits = IntStream.rangeClosed(1, 6).mapToObj(k -> policy.backoff(k).toMillis()).toList();
        // Ceilings 500, 1000, 2000, 4000, 8000, 16000: each wait is half the ceiling plus the draw's share of the rest.
        assertEquals(List.of(250L, 1000L, 1500L, 2000L, 8000L, 10000L), waits);
        assertEquals(Duration.ofMillis(500 + 1000 + 2000 + 4000 + 8000 + 16000), policy.budget());
    }

    @Test
    void everyWaitStaysWithinHalfTheCeilingAndTheCeiling() {
        Random random = new Random(42);
        McpConnectionSettings.Recovery policy = McpConnectionSettings.Recovery.DEFAULT;
        McpConnectionSettings.Recovery seeded = new McpConnectionSettings.Recovery(policy.attempts(), policy.firstBackoff(),
                policy.maxBackoff(), random::nextDouble);
        List<Long> spread = new ArrayList<>();
        for (int round = 0; round < 200; round++) {
            for (int k = 1; k <= 10; k++) {
                long ceiling = Math.min(500L << (k - 1), 16_000);
                long wait = seeded.backoff(k).toMillis();
                assertTrue(wait >= ceiling / 2 && wait <= ceiling, "attempt " + k + " waited " + wait + " of " + ceiling);
                if (k == 3) {
                    spread.add(wait);
                }
            }
        }
        assertTrue(spread.stream().distinct().count() > 50, "the jitter spreads the waits: " + spread.stream().distinct().count());
    }

    @Test
    void theCoolDownDoublesAfterEachFailedRetryUpToItsCapAndReadinessResetsIt() {
        AtomicLong now = new AtomicLong();
        Breaker breaker = new Breaker(Duration.ofSeconds(30), Duration.ofMinutes(2), now::get);
        List<Long> coolDowns = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            coolDowns.add(breaker.park().toSeconds());
        }
        assertEquals(List.of(30L, 60L, 120L, 120L), coolDowns);
        assertTrue(!breaker.claim(), "not before the cool-down");
        now.addAndGet(Duration.ofSeconds(120).toNanos());
        assertTrue(breaker.claim(), "due now");
        assertTrue(!breaker.claim(), "single flight: the second caller does not retry too");
        breaker.close();
        assertEquals(30L, breaker.park().toSeconds(), "a ready server starts over at the first cool-down");
    }
}
