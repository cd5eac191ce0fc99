package dev.tether.http.status;

import java.time.Duration;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;

/**
 * The page as it is pushed to every open viewer: one sampler renders it every {@code every} while
 * at least one viewer watches, and publishes a new frame only when the markup changed. Each
 * viewer's stream waits for a frame newer than the last it sent.
 */
final class StatusFeed {
    /** One published rendering; {@code version} grows by one with each. */
    record Frame(long version, String markup) {}

    private final Supplier<String> render;
    private final Duration every;
    private Frame current = new Frame(0, null);
    private int watchers;
    private boolean sampling;
    private boolean stopped;

    StatusFeed(Supplier<String> render, Duration every) {
        this.render = render;
        this.every = every;
    }

    /** A viewer starts watching: the sampler runs from now on, until the last one leaves. */
    synchronized void watch() {
        watchers++;
        if (!sampling && !stopped) {
            sampling = true;
            Thread.ofVirtual().name("status-feed").start(this::sample);
        }
    }

    synchronized void leave() {
        watchers--;
    }

    synchronized int watchers() {
        return watchers;
    }

    /**
     * The first frame newer than {@code version}, waiting at most {@code wait}; null when none came
     * in time or the feed stopped.
     */
    synchronized Frame next(long version, Duration wait) throws InterruptedException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (!stopped && current.version() <= version) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return stopped ? null : current;
    }

    /** Ends every wait and the sampler for good. */
    synchronized void stop() {
        stopped = true;
        notifyAll();
    }

    private void sample() {
        while (true) {
            synchronized (this) {
                if (stopped || watchers == 0) {
                    sampling = false;
                    return;
                }
            }
            try {
                String markup = render.get();
                synchronized (this) {
                    if (!markup.equals(current.markup())) {
                        current = new Frame(current.version() + 1, markup);
                        notifyAll();
                    }
                }
            } catch (RuntimeException e) {
                // A session closing while it was read: the next sample reads what is left.
                LoggerFactory.getLogger(StatusFeed.class).debug("status page: a sample failed: {}", e.toString());
            }
            try {
                Thread.sleep(every);
            } catch (InterruptedException e) {
                synchronized (this) {
                    sampling = false;
                }
                return;
            }
        }
    }
}
