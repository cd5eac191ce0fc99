package dev.tether.mcp.projection;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.connection.McpConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the runtime waits for before it shows the servers to the model or the user: servers still
 * starting, lazy retries of parked servers whose cool-down has passed, and refreshes in flight or
 * due (the catalog TTL). Every wait is bounded; nothing here throws but cancellation.
 */
public final class CatalogBarrier {
    private static final Logger LOG = LoggerFactory.getLogger(CatalogBarrier.class);

    private final List<McpConnection> connections;
    private final Duration barrierTimeout;
    private final BooleanSupplier closed;
    /** When the last server was started: a server added later gets its own start-up wait. */
    private volatile long startedAt = System.nanoTime();

    public CatalogBarrier(List<McpConnection> connections, Duration barrierTimeout, BooleanSupplier closed) {
        this.connections = connections;
        this.barrierTimeout = barrierTimeout;
        this.closed = closed;
    }

    /** A server was added: the start-up wait counts from now. */
    public void restarted() {
        startedAt = System.nanoTime();
    }

    /** See {@code McpRuntime.awaitTools}: everything but the projection. */
    public void await(Duration startupTimeout, Cancellation cancellation) {
        long left = startedAt + startupTimeout.toNanos() - System.nanoTime();
        if (connections.stream().anyMatch(c -> !c.settled().isDone())) {
            if (!waitFor(connections.stream().map(McpConnection::settled).toList(), left, cancellation)) {
                LOG.info("mcp: servers still connecting after {} ms; going on without them", startupTimeout.toMillis());
            }
        }
        if (!retryDue(cancellation)) {
            LOG.info("mcp: a failed server is still being tried again after {} ms; going on without it", barrierTimeout.toMillis());
        }
        List<CompletableFuture<Void>> refreshing = new ArrayList<>();
        for (McpConnection c : connections) {
            c.refreshIfStale();
            for (var refresher : List.of(c.refresher(), c.content().resourceRefresher(), c.content().promptRefresher())) {
                if (refresher.busy()) {
                    refresher.expedite();
                    refreshing.add(refresher.settled());
                }
            }
        }
        if (!refreshing.isEmpty() && !waitFor(refreshing, barrierTimeout.toNanos(), cancellation)) {
            LOG.info("mcp: a tool list refresh is still running after {} ms; using the last good lists", barrierTimeout.toMillis());
        }
        cancellation.throwIfCancelled();
    }

    /**
     * Starts the lazy retry of every parked server whose cool-down has passed and waits for them
     * (at most the barrier timeout); false when one was still running then.
     */
    public boolean retryDue(Cancellation cancellation) {
        return retry(connections, cancellation);
    }

    /** As {@link #retryDue}, for one server about to be used (a prompt, a read). */
    public void wake(McpConnection connection) {
        if (connection != null) {
            retry(List.of(connection), Cancellation.root());
        }
    }

    private boolean retry(List<McpConnection> candidates, Cancellation cancellation) {
        if (closed.getAsBoolean()) {
            return true;
        }
        List<CompletableFuture<Void>> started = new ArrayList<>();
        for (McpConnection c : candidates) {
            CompletableFuture<Void> retry = c.retryIfDue();
            if (retry != null) {
                started.add(retry);
            }
        }
        return started.isEmpty() || waitFor(started, barrierTimeout.toNanos(), cancellation);
    }

    /** Whether all of {@code futures} completed within {@code nanos}. */
    private static boolean waitFor(List<CompletableFuture<Void>> futures, long nanos, Cancellation cancellation) {
        if (nanos <= 0) {
            return futures.stream().allMatch(CompletableFuture::isDone);
        }
        CompletableFuture<?> all = CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new));
        CompletableFuture<Void> stop = new CompletableFuture<>();
        try (Cancellation.Registration ignored = cancellation.onCancel(() -> stop.complete(null))) {
            CompletableFuture.anyOf(all, stop).get(nanos, TimeUnit.NANOSECONDS);
            return all.isDone();
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true; // Connections and refreshers never complete exceptionally.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        }
    }
}
