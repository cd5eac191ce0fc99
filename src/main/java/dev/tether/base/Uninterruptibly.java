package dev.tether.base;

/** Waits that must run to their end: an interrupt on the way is kept for later, not obeyed. */
public final class Uninterruptibly {
    private Uninterruptibly() {}

    /** A wait that an interrupt would cut short. */
    @FunctionalInterface
    public interface Wait {
        void run() throws InterruptedException;
    }

    /** Runs {@code wait} until it returns, retrying it after each interrupt, then sets the thread's interrupt again if one came. */
    public static void await(Wait wait) {
        boolean interrupted = false;
        while (true) {
            try {
                wait.run();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
