package dev.tether.mcp.connection;

import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.security.Redactor;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reconnect loop of one recovery epoch: waits out the backoff (exponential, with jitter),
 * tries, and after the policy's attempts in a row opens the circuit breaker (the server is parked
 * as failed; see {@link Breaker}). A refused sign-in ends it at once as needs-sign-in. Each step goes through {@link Steps}, which holds the connection's lock and
 * ends the loop as soon as anything else (a manual reconnect, a disconnect, close) moved on.
 *
 * @see McpConnectionSettings.Recovery
 */
final class Recovery {
    private static final Logger LOG = LoggerFactory.getLogger(Recovery.class);

    /** The connection's side of recovery. */
    interface Steps {
        /** Waits {@code backoff} while {@code epoch} is still recovering; the generation to try, or 0 when it no longer is. */
        int next(int epoch, Duration backoff);

        /** One connect attempt of generation {@code gen}; commits READY or throws. */
        void attempt(int gen);

        /** Closes what a failed attempt of {@code gen} left, unless a newer generation exists. */
        void discard(int gen);

        /** Ends the server in {@code as} (failed, or needs sign-in) with {@code why} if {@code epoch} is still recovering. */
        void giveUp(int epoch, String why, State as);
    }

    private final String server;
    private final McpConnectionSettings.Recovery policy;
    private final Steps steps;

    Recovery(String server, McpConnectionSettings.Recovery policy, Steps steps) {
        this.server = server;
        this.policy = policy;
        this.steps = steps;
    }

    void run(int epoch, String firstReason) {
        String last = firstReason;
        for (int attempt = 1; attempt <= policy.attempts(); attempt++) {
            int gen = steps.next(epoch, policy.backoff(attempt));
            if (gen == 0) {
                return;
            }
            try {
                steps.attempt(gen);
                LOG.info("mcp {}: reconnected after {} attempt(s)", server, attempt);
                return;
            } catch (RuntimeException e) {
                last = Handshake.describe(server, e);
                LOG.info("mcp {}: reconnect attempt {} failed: {}", server, attempt, Redactor.redact(last));
                steps.discard(gen);
                if (McpConnection.signInRequired(e)) {
                    // Trying again cannot help until the user signs in.
                    steps.giveUp(epoch, last, State.NEEDS_AUTH);
                    return;
                }
            }
        }
        steps.giveUp(epoch, "gave up reconnecting after " + policy.attempts() + " attempts: " + last, State.FAILED);
    }
}
