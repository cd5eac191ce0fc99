package dev.tether.testing;

import java.time.Duration;

/**
 * Waiting in tests without fixed sleeps: {@link #eventually} polls a condition until it holds or
 * a deadline passes, so a fast machine does not wait and a loaded one gets the whole budget;
 * {@link #throughout} checks that something keeps <em>not</em> happening for a window, the one
 * place a fixed span is inherent, failing as soon as it breaks. Both fail with the caller's
 * description of what was awaited.
 */
public final class Waits {
    private static final long POLL_MILLIS = 10;

    private Waits() {}

    /** A condition that may read files or other state that throws. */
    @FunctionalInterface
    public interface Condition {
        boolean holds() throws Exception;
    }

    /** Returns once {@code condition} holds; fails with {@code what} after {@code timeout}. */
    public static void eventually(Duration timeout, Condition condition, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!check(condition, what)) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for " + what);
            }
            pause();
        }
    }

    /** Returns after {@code window} if {@code condition} held all along; fails with {@code what} as soon as it does not. */
    public static void throughout(Duration window, Condition condition, String what) {
        long end = System.nanoTime() + window.toNanos();
        while (true) {
            if (!check(condition, what)) {
                throw new AssertionError("stopped holding within " + window.toMillis() + " ms: " + what);
            }
            if (System.nanoTime() - end >= 0) {
                return;
            }
            pause();
        }
    }

    private static boolean check(Condition condition, String what) {
        try {
            return condition.holds();
        } catch (Exception e) {
            throw new AssertionError("could not check " + what, e);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(POLL_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting", e);
        }
    }
}
