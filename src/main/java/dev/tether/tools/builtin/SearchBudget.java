package dev.tether.tools.builtin;

import dev.tether.base.Cancellation;
import java.time.Duration;

/**
 * The time one search may take, and the call's cancellation, checked from inside the regex
 * engine (through {@link GuardedText}) as well as between files: a pattern that backtracks
 * catastrophically never returns on its own, and nothing else can stop it.
 */
final class SearchBudget {
    /** Thrown (without a stack trace) when the time limit has passed. */
    static final class Expired extends RuntimeException {
        Expired() {
            super("search time limit reached", null, false, false);
        }
    }

    private final long deadline;
    private final Cancellation cancellation;

    SearchBudget(Duration limit, Cancellation cancellation) {
        this.deadline = System.nanoTime() + limit.toNanos();
        this.cancellation = cancellation;
    }

    /** @throws dev.tether.base.CancelledException when cancelled; {@link Expired} past the deadline */
    void check() {
        cancellation.throwIfCancelled();
        if (System.nanoTime() - deadline > 0) {
            throw new Expired();
        }
    }
}
