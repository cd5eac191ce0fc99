package dev.tether.mcp.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.mcp.api.ServerReport;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class CallStatsTest {
    @Test
    void countsEveryCallAndTakesNearestRankPercentilesOfTheMeasuredOnes() {
        CallStats stats = new CallStats();
        assertEquals(ServerReport.Calls.NONE, stats.figures());
        for (int ms = 1; ms <= 100; ms++) {
            stats.record(Duration.ofMillis(ms).toNanos(), ms % 10 == 0 ? CallStats.Outcome.FAILED : CallStats.Outcome.ANSWERED);
        }
        stats.record(Duration.ofHours(1).toNanos(), CallStats.Outcome.CANCELLED);
        ServerReport.Calls calls = stats.figures();
        assertEquals(101, calls.sent());
        assertEquals(10, calls.failed());
        assertEquals(1, calls.cancelled());
        assertEquals(Duration.ofMillis(50), calls.p50());
        assertEquals(Duration.ofMillis(90), calls.p90());
        assertEquals(Duration.ofMillis(99), calls.p99(), "a cancelled call's time is no latency");
    }

    @Test
    void onlyCancelledCallsHaveNoPercentiles() {
        CallStats stats = new CallStats();
        stats.record(5, CallStats.Outcome.CANCELLED);
        assertEquals(1, stats.figures().sent());
        assertNull(stats.figures().p50());
    }

    @Test
    void thePercentilesFollowTheLastCallsOnly() {
        CallStats stats = new CallStats();
        for (int i = 0; i < CallStats.KEPT; i++) {
            stats.record(Duration.ofSeconds(10).toNanos(), CallStats.Outcome.ANSWERED);
        }
        for (int i = 0; i < CallStats.KEPT; i++) {
            stats.record(Duration.ofMillis(2).toNanos(), CallStats.Outcome.ANSWERED);
        }
        assertEquals(Duration.ofMillis(2), stats.figures().p99());
        assertEquals(2L * CallStats.KEPT, stats.figures().sent());
    }
}
