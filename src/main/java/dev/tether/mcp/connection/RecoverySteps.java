package dev.tether.mcp.connection;

import dev.tether.mcp.api.ServerStatus.State;
import java.time.Duration;
import java.util.function.IntConsumer;

/**
 * {@link Recovery}'s view of one connection: waiting and the generation checks go to its
 * {@link ConnectionState}, a connect attempt and the final failure to the connection itself.
 */
final class RecoverySteps implements Recovery.Steps {
    /** How the connection fails a generation. */
    interface Fail {
        void fail(int gen, String why, State as);
    }

    private final ConnectionState state;
    private final IntConsumer attempt;
    private final Fail fail;

    RecoverySteps(ConnectionState state, IntConsumer attempt, Fail fail) {
        this.state = state;
        this.attempt = attempt;
        this.fail = fail;
    }

    @Override
    public int next(int epoch, Duration backoff) {
        return state.nextAttempt(epoch, backoff);
    }

    @Override
    public void attempt(int gen) {
        attempt.accept(gen);
    }

    @Override
    public void discard(int gen) {
        state.discard(gen).run();
    }

    @Override
    public void giveUp(int epoch, String why, State as) {
        int gen = state.recovering(epoch);
        if (gen != 0) {
            fail.fail(gen, why, as);
        }
    }
}
