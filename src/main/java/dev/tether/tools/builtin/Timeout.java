package dev.tether.tools.builtin;

import dev.tether.base.Cancellation;
import java.time.Duration;

/**
 * A child of a cancellation that also fires after a timeout, and remembers which of the two
 * happened. Closing it stops the timer and detaches it from the parent.
 */
final class Timeout implements AutoCloseable {
    private final Cancellation parent;
    private final Cancellation handle;
    private volatile boolean expired;

    private Timeout(Cancellation parent, Duration timeout) {
        this.parent = parent;
        this.handle = parent.child();
        Thread.ofVirtual().name("tool-timeout").start(() -> {
            try {
                if (!handle.await(timeout)) {
                    expired = true;
                    handle.cancel();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    static Timeout start(Cancellation parent, Duration timeout) {
        return new Timeout(parent, timeout);
    }

    /** A fresh root for clean-up requests that must go out even after the turn was cancelled. */
    static Timeout cleanup(Duration timeout) {
        return new Timeout(Cancellation.root(), timeout);
    }

    Cancellation cancellation() {
        return handle;
    }

    /** True when the timeout fired and the parent was not cancelled. */
    boolean expired() {
        return expired && !parent.isCancelled();
    }

    @Override
    public void close() {
        handle.close();
        // Wakes the timer thread; the handle has no other listeners by now.
        handle.cancel();
    }
}
