package dev.tether.mcp.listen;

import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.client.ListenFilter;
import dev.tether.mcp.client.ListenRequests;
import dev.tether.mcp.client.Listening;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.security.Redactor;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code subscriptions/listen} stream of one connection to a 2026-07-28 server, which replaces
 * the HTTP GET stream and {@code resources/subscribe} of earlier revisions: one long-lived request
 * per ready generation, opting into the list changes the server declared, the updates of the
 * resources the user subscribed to and, where the server declared the tasks extension, the status
 * of the tasks Tether watches on it. What arrives on it goes through the same routes as before
 * ({@code list_changed} refreshes, resource-updated notices, task watchers woken).
 *
 * <p>Once a stream opened while none was open (after connect, after a loss) is acknowledged, the
 * lists it announces are fetched again: a change made before it would otherwise be missed.
 * When the wanted resources or watched tasks change, a new stream is opened and, once acknowledged (or after
 * the acknowledgement timeout), the old one is cancelled, so no change falls between them. A
 * stream that ends — the server's graceful answer, an error answer, its {@code
 * notifications/cancelled} on stdio, a lost HTTP stream — is opened again after the recovery
 * backoff; after the recovery's attempts in a row without a stream that was acknowledged and lived
 * at least the longest backoff, it gives up for the generation (the catalog TTL then keeps the lists fresh). A server
 * that does not know the method (-32601) is not asked again. The stream ends with its generation
 * and is cancelled when the session closes.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/schema#subscriptionslistenrequest">MCP 2026-07-28 schema: subscriptions/listen</a>
 */
public final class ListenStream {
    private static final Logger LOG = LoggerFactory.getLogger(ListenStream.class);

    /**
     * What a stream needs of its connection: what to opt into, read each time a stream is opened,
     * and where to say that a new stream may have missed changes.
     */
    public interface Interest {
        /** The resources the user subscribed to that the catalog declares, in order. */
        Collection<String> resources();

        /** The server's ids of the tasks being watched on this server, in order. */
        Collection<String> tasks();

        /** A stream opened while none was open acknowledged {@code announced}: changes made before it may have been missed. */
        void catchUp(ListenFilter announced);
    }

    private final String server;
    private final McpConnectionSettings.Recovery policy;
    private final Duration ackTimeout;
    private final Cancellation lifetime;
    private final LongSupplier clock;
    private final Interest interest;
    private volatile Runner runner;

    /**
     * @param policy     when a lost stream is opened again, and how many losses in a row end it
     * @param ackTimeout how long a replacement stream may take to be acknowledged before the old one is cancelled anyway
     */
    public ListenStream(String server, McpConnectionSettings.Recovery policy, Duration ackTimeout, Cancellation lifetime,
                        LongSupplier clock, Interest interest) {
        this.server = server;
        this.policy = policy;
        this.ackTimeout = ackTimeout;
        this.lifetime = lifetime;
        this.clock = clock;
        this.interest = interest;
    }

    /** After READY of generation {@code gen}: listens when its session's revision has listen requests (2026-07-28). */
    public void start(McpClientSession client, int gen, IntPredicate current) {
        client.listens().ifPresent(listens -> {
            Runner next = new Runner(client, listens, gen, current);
            Runner previous = runner;
            runner = next;
            if (previous != null) {
                previous.wake();
            }
            Thread.ofVirtual().name("mcp-" + server + "-listen").start(next);
        });
    }

    /** The wanted resources or watched tasks changed: the stream is replaced by one with the new filter. */
    public void refilter() {
        Runner current = runner;
        if (current != null) {
            current.wake();
        }
    }

    private final class Runner implements Runnable {
        private final McpClientSession client;
        private final ListenRequests listens;
        private final int gen;
        private final IntPredicate current;
        private volatile CompletableFuture<Void> wakeup = new CompletableFuture<>();
        private long openedAt;

        Runner(McpClientSession client, ListenRequests listens, int gen, IntPredicate current) {
            this.client = client;
            this.listens = listens;
            this.gen = gen;
            this.current = current;
        }

        void wake() {
            wakeup.complete(null);
        }

        @Override
        public void run() {
            Listening live = null;
            int losses = 0;
            client.closed().whenComplete((done, failure) -> wake());
            try (Cancellation.Registration ignored = lifetime.onCancel(this::wake)) {
                while (alive()) {
                    // Armed before the state is read: a change after the read wakes this round.
                    CompletableFuture<Void> armed = new CompletableFuture<>();
                    wakeup = armed;
                    ListenFilter want = ListenFilter.of(client.initialized().capabilities(), interest.resources(), interest.tasks());
                    if (live == null || !live.requested().equals(want)) {
                        live = replace(live, want);
                    }
                    if (!await(live == null ? armed : CompletableFuture.anyOf(armed, live.ended()), null)
                            || live == null || !live.ended().isDone()) {
                        continue;
                    }
                    Listening.End end = live.ended().join();
                    boolean lived = live.acknowledged().isDone() && clock.getAsLong() - openedAt >= policy.maxBackoff().toNanos();
                    live = null;
                    if (!alive()) {
                        return;
                    }
                    if (end.code() == JsonRpcError.METHOD_NOT_FOUND) {
                        LOG.info("mcp {}: the server does not offer subscriptions/listen; its lists are refreshed by age", server);
                        return;
                    }
                    losses = lived ? 1 : losses + 1;
                    if (losses > policy.attempts()) {
                        LOG.warn("mcp {}: the listen stream ended {} times in a row; not opening it again: {}",
                                server, losses - 1, Redactor.redact(end.reason()));
                        return;
                    }
                    Duration wait = policy.backoff(losses);
                    LOG.info("mcp {}: the listen stream ended ({}); opening it again in {} ms", server,
                            Redactor.redact(end.reason()), wait.toMillis());
                    await(armed, wait);
                }
            } finally {
                if (live != null) {
                    live.cancel();
                }
            }
        }

        /** Opens the stream for {@code want} (none when it is empty), then cancels {@code old}. */
        private Listening replace(Listening old, ListenFilter want) {
            Listening next = null;
            if (!want.isEmpty()) {
                try {
                    next = listens.open(want);
                    openedAt = clock.getAsLong();
                } catch (McpError e) {
                    LOG.info("mcp {}: cannot listen: {}", server, Redactor.redact(e.getMessage()));
                    return old;
                }
                if (want.resourceUris().size() == ListenFilter.MAX_RESOURCE_URIS) {
                    LOG.warn("mcp {}: listening for updates of the first {} subscribed resources only", server,
                            ListenFilter.MAX_RESOURCE_URIS);
                }
                if (old != null) {
                    await(CompletableFuture.anyOf(next.acknowledged(), next.ended()), ackTimeout);
                } else {
                    // Nothing was listening since the lists were fetched (connect, or a lost stream): fetch what it announces again.
                    next.acknowledged().thenAccept(honoured -> {
                        if (alive()) {
                            interest.catchUp(honoured);
                        }
                    });
                }
            }
            if (old != null) {
                old.cancel();
            }
            return next;
        }

        private boolean alive() {
            return current.test(gen) && runner == this && !lifetime.isCancelled() && !client.isClosed()
                    && !Thread.currentThread().isInterrupted();
        }

        /** Waits for {@code event} (at most {@code timeout} when set); false when it did not come. */
        private boolean await(CompletableFuture<?> event, Duration timeout) {
            try {
                if (timeout == null) {
                    event.get();
                } else {
                    event.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
                }
                return true;
            } catch (TimeoutException | ExecutionException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
