package dev.tether.mcp.catalog;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a stream of {@code list_changed} notifications into few fetches. A notification marks
 * the catalog stale; one fetch runs once the notifications have been quiet for {@code quiet},
 * or {@code maxDelay} after the first stale mark, whichever is first. Notifications during a
 * fetch mark it stale again, which costs at most one more fetch. {@link #expedite()} (a turn is
 * waiting) skips the wait. {@link #settled()} is the barrier: it completes when nothing is
 * stale and no fetch runs. The fetch itself reports its own failures (it keeps the last good
 * catalog); this class only logs what escapes.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#list-changed-notification">MCP list_changed</a>
 */
public final class CoalescingRefresher {
    private static final Logger LOG = LoggerFactory.getLogger(CoalescingRefresher.class);
    /** Quiet time after the last notification before fetching. */
    public static final Duration DEFAULT_QUIET = Duration.ofMillis(150);
    /** Longest a stale catalog waits while notifications keep coming. */
    public static final Duration DEFAULT_MAX_DELAY = Duration.ofSeconds(2);

    private final String name;
    private final Runnable fetch;
    private final long quietNanos;
    private final long maxDelayNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition wake = lock.newCondition();
    private boolean stale;
    private boolean expedite;
    private boolean running;
    private boolean closed;
    private long firstStaleAt;
    private long lastNotifiedAt;
    private CompletableFuture<Void> idle = CompletableFuture.completedFuture(null);

    public CoalescingRefresher(String name, Duration quiet, Duration maxDelay, Runnable fetch) {
        this.name = name;
        this.fetch = fetch;
        this.quietNanos = quiet.toNanos();
        this.maxDelayNanos = maxDelay.toNanos();
    }

    /** A notification arrived. Never blocks (called on a reader thread). */
    public void request() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            long now = System.nanoTime();
            if (!stale) {
                stale = true;
                firstStaleAt = now;
            }
            lastNotifiedAt = now;
            if (!running) {
                running = true;
                idle = new CompletableFuture<>();
                Thread.ofVirtual().name("mcp-" + name + "-refresh").start(this::loop);
            }
        } finally {
            lock.unlock();
        }
    }

    /** Starts a waiting fetch now instead of at the end of its window. */
    public void expedite() {
        lock.lock();
        try {
            if (stale) {
                expedite = true;
                wake.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Completes when nothing is stale and no fetch runs (at once when idle). */
    public CompletableFuture<Void> settled() {
        lock.lock();
        try {
            return idle;
        } finally {
            lock.unlock();
        }
    }

    /** Whether a fetch is waiting or running. */
    public boolean busy() {
        lock.lock();
        try {
            return running;
        } finally {
            lock.unlock();
        }
    }

    /** Stops: no more fetches start; waiters are released. */
    public void close() {
        CompletableFuture<Void> release;
        lock.lock();
        try {
            closed = true;
            stale = false;
            wake.signalAll();
            release = idle;
        } finally {
            lock.unlock();
        }
        release.complete(null);
    }

    private void loop() {
        while (true) {
            CompletableFuture<Void> done = null;
            lock.lock();
            try {
                while (stale && !expedite && !closed) {
                    long due = Math.min(lastNotifiedAt + quietNanos, firstStaleAt + maxDelayNanos);
                    long wait = due - System.nanoTime();
                    if (wait <= 0) {
                        break;
                    }
                    wake.awaitNanos(wait);
                }
                if (!stale || closed) {
                    running = false;
                    done = idle;
                } else {
                    stale = false;
                    expedite = false;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                running = false;
                done = idle;
            } finally {
                lock.unlock();
            }
            if (done != null) {
                done.complete(null);
                return;
            }
            try {
                fetch.run();
            } catch (RuntimeException e) {
                LOG.warn("mcp {}: catalog refresh failed: {}", name, e.toString());
            }
        }
    }

    /** Waits for {@link #settled()} at most {@code timeout}; returns whether it settled. */
    public boolean awaitSettled(Duration timeout) throws InterruptedException {
        try {
            settled().get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (java.util.concurrent.TimeoutException e) {
            return false;
        } catch (java.util.concurrent.ExecutionException e) {
            return true;
        }
    }
}
