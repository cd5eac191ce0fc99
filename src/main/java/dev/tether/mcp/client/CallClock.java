package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.jsonrpc.OutboundCall;
import dev.tether.mcp.api.McpError;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * The time limits of one session's tool calls: a call ends when its total time is up, or when it
 * has been idle — no progress that moves forward — for its idle time. A server waiting on our
 * answer to its own request (a form the user is filling in, a sampling consent) is not idle, so
 * time spent serving such requests does not count.
 */
final class CallClock {
    private final AtomicInteger serving = new AtomicInteger();
    private volatile long lastServed = Long.MIN_VALUE;

    /** Runs {@code answer}, a routed request of the server; its time does not count as a call's idle time. */
    <T> T serving(Supplier<T> answer) {
        serving.incrementAndGet();
        try {
            return answer.get();
        } finally {
            lastServed = System.nanoTime();
            serving.decrementAndGet();
        }
    }

    /** How many of the server's requests are being answered now. */
    int servingCount() {
        return serving.get();
    }

    /**
     * Waits for {@code call}'s answer within {@code limits}; {@code lastActivity} is moved by the
     * call's progress. On a timeout or cancellation the request is withdrawn.
     *
     * @throws CancelledException {@code cancellation} fired
     * @throws McpError           a timeout, an error answer, or the connection ended
     */
    JsonNode await(OutboundCall call, McpClientSession.CallLimits limits, AtomicLong lastActivity, Cancellation cancellation) {
        CompletableFuture<JsonNode> future = call.future();
        long deadline = System.nanoTime() + limits.total().toNanos();
        try (Cancellation.Registration ignored = cancellation.onCancel(call::cancel)) {
            while (true) {
                long now = System.nanoTime();
                long idleDeadline = idleSince(lastActivity.get(), now) + limits.idle().toNanos();
                long wait = Math.min(deadline, idleDeadline) - now;
                if (wait <= 0) {
                    call.cancel();
                    boolean total = deadline <= idleDeadline;
                    throw total
                            ? new McpError.Timeout(McpError.Timeout.Kind.CALL_TOTAL, "tool call timed out after " + Failures.shown(limits.total())
                                    + Failures.setting(McpError.Timeout.Kind.CALL_TOTAL))
                            : new McpError.Timeout(McpError.Timeout.Kind.CALL_IDLE, "the server sent nothing about the call for "
                                    + Failures.shown(limits.idle()) + ", so it was abandoned" + Failures.setting(McpError.Timeout.Kind.CALL_IDLE));
                }
                try {
                    return future.get(wait, TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    // Loop: progress may have moved the idle deadline.
                }
            }
        } catch (ExecutionException e) {
            if (cancellation.isCancelled()) {
                throw new CancelledException();
            }
            throw Failures.of(e.getCause(), "tools/call");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            call.cancel();
            throw new CancelledException();
        }
    }

    /** When the idle clock of a call started: now while the server waits on us, else its last sign of life. */
    private long idleSince(long lastProgress, long now) {
        return serving.get() > 0 ? now : Math.max(lastProgress, lastServed);
    }
}
