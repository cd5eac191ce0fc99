package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.security.Redactor;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The health check of one ready generation: while the connection is idle — no request in flight
 * and nothing received for {@code every} — it sends {@code ping}, or to a 2026-07-28 server,
 * whose revision has no ping, {@code server/discover}: every such server must answer it at any
 * time, it needs no capability and changes nothing (see docs/reference/decisions.md). A check that is not answered
 * within {@code timeout} ends the transport as failed, which starts recovery. A server that
 * answers -32601 (it does not implement ping) has its health checks switched off; any other
 * answer, even an error, shows it is alive. The loop ends with its generation.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/ping">MCP ping</a>
 */
final class HealthCheck implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(HealthCheck.class);

    /** Why a transport was ended by a health check. */
    static final class Unanswered extends IOException {
        Unanswered(String message) {
            super(message);
        }
    }

    /** Where the result of a server without ping is kept (it holds for the connection, across generations). */
    interface Unsupported {
        void pingUnsupported();
    }

    private final String server;
    private final int generation;
    private final McpClientSession client;
    private final ObservedChannel channel;
    private final Duration every;
    private final Duration timeout;
    private final Cancellation lifetime;
    private final IntPredicate current;
    private final Unsupported unsupported;

    HealthCheck(String server, int generation, ConnectionState.Health health, Duration every, Duration timeout,
                Cancellation lifetime, IntPredicate current, Unsupported unsupported) {
        this.server = server;
        this.generation = generation;
        this.client = health.client();
        this.channel = health.channel();
        this.every = every;
        this.timeout = timeout;
        this.lifetime = lifetime;
        this.current = current;
        this.unsupported = unsupported;
    }

    @Override
    public void run() {
        while (alive()) {
            long quietFor = System.nanoTime() - channel.lastReceived();
            long wait = client.inFlight() > 0 ? every.toNanos() : every.toNanos() - quietFor;
            if (wait > 0) {
                if (!sleep(wait)) {
                    return;
                }
                continue;
            }
            if (!ping()) {
                return;
            }
        }
    }

    private boolean alive() {
        return current.test(generation) && !lifetime.isCancelled() && !client.isClosed();
    }

    /** Waits {@code nanos}, ending early when the session closes; false when the loop should end. */
    private boolean sleep(long nanos) {
        try {
            client.closed().get(Math.max(nanos, TimeUnit.MILLISECONDS.toNanos(20)), TimeUnit.NANOSECONDS);
            return false;
        } catch (TimeoutException e) {
            return alive();
        } catch (ExecutionException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** One ping; false when the loop should end. */
    private boolean ping() {
        try (Cancellation pinging = lifetime.child()) {
            client.checkAlive(timeout, pinging);
            return true;
        } catch (McpError.Timeout e) {
            if (!alive()) {
                return false;
            }
            String why = "the server did not answer a health check (" + client.healthProbe()
                    + ") within " + timeout.toMillis() + " ms";
            LOG.warn("mcp {}: {}; reconnecting", server, why);
            channel.fail(new Unanswered(why));
            return false;
        } catch (McpError.ErrorAnswer e) {
            if (e.code() == JsonRpcError.METHOD_NOT_FOUND) {
                LOG.info("mcp {}: the server does not implement ping; health checks are off for it", server);
                unsupported.pingUnsupported();
                return false;
            }
            LOG.debug("mcp {}: ping answered with an error, so the server is alive: {}", server, Redactor.redact(e.getMessage()));
            return alive();
        } catch (McpError | CancelledException e) {
            return false; // The transport ended (recovery is already under way) or the connection closes.
        }
    }
}
