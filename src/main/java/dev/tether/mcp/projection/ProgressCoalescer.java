package dev.tether.mcp.projection;

import dev.tether.mcp.api.McpProgress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

/**
 * Thins one call's progress for the editor: at most one update per {@link #INTERVAL_NANOS}
 * (about ten a second) goes on at once, a newer one replaces a held one, and the one held is
 * sent when its interval is over — or by {@link #close()}, which the call runs before its final
 * update, so the last progress a server reported is always what the editor shows. A server that
 * sends 50,000 notifications costs the editor a few dozen updates.
 *
 * <p>Thread-safe: updates are sent under one lock, in order, and none after {@link #close()}.
 */
final class ProgressCoalescer implements AutoCloseable {
    /** The shortest gap between two updates of one call. */
    static final long INTERVAL_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final Consumer<McpProgress> send;
    private final ReentrantLock lock = new ReentrantLock();
    private long lastSent = System.nanoTime() - INTERVAL_NANOS;
    private McpProgress held;
    private boolean flushScheduled;
    private boolean closed;

    ProgressCoalescer(Consumer<McpProgress> send) {
        this.send = send;
    }

    /** Sends {@code progress} now, or holds it for the end of the current interval. */
    void offer(McpProgress progress) {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            long wait = lastSent + INTERVAL_NANOS - System.nanoTime();
            if (wait <= 0 && !flushScheduled) {
                held = null;
                emit(progress);
                return;
            }
            held = progress;
            if (!flushScheduled) {
                flushScheduled = true;
                CompletableFuture.delayedExecutor(Math.max(wait, 0), TimeUnit.NANOSECONDS,
                        r -> Thread.ofVirtual().name("mcp-progress").start(r)).execute(this::flushHeld);
            }
        } finally {
            lock.unlock();
        }
    }

    private void flushHeld() {
        lock.lock();
        try {
            flushScheduled = false;
            if (!closed && held != null) {
                McpProgress next = held;
                held = null;
                emit(next);
            }
        } finally {
            lock.unlock();
        }
    }

    private void emit(McpProgress progress) {
        lastSent = System.nanoTime();
        try {
            send.accept(progress);
        } catch (RuntimeException e) {
            // The editor went away: progress is best effort, the call goes on.
        }
    }

    /** Sends the progress still held, then nothing more. */
    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            if (held != null) {
                McpProgress last = held;
                held = null;
                emit(last);
            }
            closed = true;
        } finally {
            lock.unlock();
        }
    }
}
