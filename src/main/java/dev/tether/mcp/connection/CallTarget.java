package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import java.time.Duration;

/**
 * {@link ToolCalls}' view of one connection's {@link ConnectionState}: a retry waits for the
 * next ready generation at most the recovery budget plus one connect.
 */
final class CallTarget implements ToolCalls.Target {
    private final ConnectionState state;
    private final Duration retryWait;

    CallTarget(ConnectionState state, Duration retryWait) {
        this.state = state;
        this.retryWait = retryWait;
    }

    @Override
    public ToolCalls.Ready ready() {
        return state.callable();
    }

    @Override
    public int generation() {
        return state.generation();
    }

    @Override
    public boolean awaitReadyAfter(int gen, Cancellation cancellation) {
        return state.awaitReadyAfter(gen, retryWait, cancellation);
    }
}
