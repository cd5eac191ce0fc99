package dev.tether.tools.builtin;

import dev.tether.base.Cancellation;
import java.time.Duration;

/**
 * The time one search may take, and the call's cancellation, checked from inside the regex
 * engine (through {@link GuardedText}) as well as between files (the search tool's, and
 * {@code read_artifact}'s pattern): a pattern that backtracks
 * catastrophically never returns on its own, and nothing else can stop it.
 */
public final class SearchBudget {
    /** Thrown (without a stack trace) when the time limit has passed. */
    public static final class Expired extends RuntimeException {
        Expired() {
            super("search time limit reached", null, false, false);
        }
    }

    private final long deadline;
    private final Cancellation cancellation;

    public SearchBudget(Duration limit, Cancellation cancellation) {
        this.deadline = System.nanoTime() + limit.toNanos();
        this.cancellation = cancellation;
    }

    /** @throws dev.tether.base.CancelledException when cancelled; {@link Expired} past the deadline */
    public void check() {
        cancellation.throwIfCancelled();
        if (System.nanoTime() - deadline > 0) {
            throw new Expired();
        }
    }
}
