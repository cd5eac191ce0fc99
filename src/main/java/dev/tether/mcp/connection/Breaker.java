package dev.tether.mcp.connection;

import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The circuit breaker of one connection: once recovery has given up (or a connect failed), the
 * server is <em>parked</em>; the next use may try it again once a cool-down has passed, and every
 * retry that fails doubles the cool-down up to a cap. A server that becomes ready, or that the
 * user reconnects by hand, closes the breaker. Claiming a retry is single-flight.
 */
final class Breaker {
    private final Duration first;
    private final Duration max;
    private final LongSupplier clock;
    private boolean parked;
    private Duration coolDown = Duration.ZERO;
    private long dueAt;

    Breaker(Duration first, Duration max, LongSupplier clock) {
        this.first = first;
        this.max = max;
        this.clock = clock;
    }

    /** Parks the server: the next retry is due after the current cool-down, doubled from the last. */
    synchronized Duration park() {
        coolDown = coolDown.isZero() ? first : min(coolDown.multipliedBy(2), max);
        dueAt = clock.getAsLong() + coolDown.toNanos();
        parked = true;
        return coolDown;
    }

    /** The server is ready again, or the user asked for it: back to the first cool-down. */
    synchronized void close() {
        parked = false;
        coolDown = Duration.ZERO;
    }

    /** Whether a retry is due now; when it is, this caller owns it (no other caller gets true until the next park). */
    synchronized boolean claim() {
        if (!parked || clock.getAsLong() - dueAt < 0) {
            return false;
        }
        parked = false;
        return true;
    }

    synchronized boolean parked() {
        return parked;
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
