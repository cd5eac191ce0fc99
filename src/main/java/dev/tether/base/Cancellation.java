package dev.tether.base;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A node in a tree of cancellation handles. A turn owns one; every model stream, tool call
 * and outgoing request derives a {@link #child()} from it. Cancelling a node cancels its
 * whole subtree; closing a child detaches it from its parent without cancelling anything,
 * so long-lived parents do not collect dead listeners.
 */
public final class Cancellation implements AutoCloseable {
    private final Cancellation parent;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition fired = lock.newCondition();
    private volatile boolean cancelled;
    private Registration parentRegistration;

    private Cancellation(Cancellation parent) {
        this.parent = parent;
    }

    /** A new root handle, not cancelled. */
    public static Cancellation root() {
        return new Cancellation(null);
    }

    /** A handle that is cancelled when this one is (or when itself is cancelled). */
    public Cancellation child() {
        Cancellation child = new Cancellation(this);
        child.parentRegistration = onCancel(child::cancel);
        return child;
    }

    public boolean isCancelled() {
        return cancelled;
    }

    /** Cancels this handle and its children; runs each listener once. Idempotent. */
    public void cancel() {
        lock.lock();
        try {
            if (cancelled) {
                return;
            }
            cancelled = true;
            fired.signalAll();
        } finally {
            lock.unlock();
        }
        for (Runnable listener : listeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                // A failing listener must not stop the others from running.
                org.slf4j.LoggerFactory.getLogger(Cancellation.class).warn("cancellation listener failed: {}", e.toString());
            }
        }
        listeners.clear();
    }

    /** Runs {@code action} when cancelled; at once if already cancelled. */
    public Registration onCancel(Runnable action) {
        listeners.add(action);
        if (cancelled && listeners.remove(action)) {
            action.run();
        }
        return () -> listeners.remove(action);
    }

    public void throwIfCancelled() {
        if (cancelled) {
            throw new CancelledException();
        }
    }

    /** Sleeps for {@code duration} unless cancelled first; throws {@link CancelledException} then. */
    public void sleep(Duration duration) {
        long deadline = System.nanoTime() + duration.toNanos();
        lock.lock();
        try {
            while (!cancelled) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                fired.awaitNanos(left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } finally {
            lock.unlock();
        }
        throw new CancelledException();
    }

    /** Waits until cancelled or the timeout passes; returns whether it was cancelled. */
    public boolean await(Duration timeout) throws InterruptedException {
        lock.lock();
        try {
            long left = timeout.toNanos();
            while (!cancelled && left > 0) {
                left = fired.awaitNanos(left);
            }
            return cancelled;
        } finally {
            lock.unlock();
        }
    }

    /** Detaches this handle from its parent. Does not cancel. */
    @Override
    public void close() {
        if (parentRegistration != null) {
            parentRegistration.remove();
        }
    }

    /** A listener registration; {@link #remove()} unregisters it. */
    @FunctionalInterface
    public interface Registration extends AutoCloseable {
        void remove();

        @Override
        default void close() {
            remove();
        }
    }

    @Override
    public String toString() {
        return cancelled ? "Cancellation[cancelled]" : "Cancellation[active]";
    }

}
