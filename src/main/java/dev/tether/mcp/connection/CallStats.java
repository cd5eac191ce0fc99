package dev.tether.mcp.connection;

import dev.tether.mcp.api.ServerReport;
import java.time.Duration;
import java.util.Arrays;

/**
 * Counts and latencies of one connection's {@code tools/call} requests, for the status view. The
 * percentiles are over the last {@value #KEPT} answered or failed calls, so the figures follow
 * how the server behaves now and the memory stays fixed however long the session runs.
 */
final class CallStats {
    static final int KEPT = 256;

    private final long[] latencies = new long[KEPT];
    private int kept;
    private int next;
    private long sent;
    private long failed;
    private long cancelled;

    /** How a call ended. */
    enum Outcome { ANSWERED, FAILED, CANCELLED }

    synchronized void record(long nanos, Outcome outcome) {
        sent++;
        switch (outcome) {
            case CANCELLED -> {
                cancelled++;
                return;
            }
            case FAILED -> failed++;
            case ANSWERED -> { }
        }
        latencies[next] = nanos;
        next = (next + 1) % KEPT;
        kept = Math.min(kept + 1, KEPT);
    }

    synchronized ServerReport.Calls figures() {
        if (sent == 0) {
            return ServerReport.Calls.NONE;
        }
        long[] sorted = Arrays.copyOf(latencies, kept);
        Arrays.sort(sorted);
        return new ServerReport.Calls(sent, failed, cancelled, percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99));
    }

    /** The nearest-rank percentile, or null with nothing measured. */
    private static Duration percentile(long[] sorted, int p) {
        if (sorted.length == 0) {
            return null;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return Duration.ofNanos(sorted[Math.max(0, rank - 1)]);
    }
}
