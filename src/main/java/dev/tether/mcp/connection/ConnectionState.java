package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.catalog.Catalog;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.connection.content.ConnectionContent;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The state machine of one {@link McpConnection} behind one lock: its {@link State}, reason,
 * generation, recovery epoch, current transport and tool catalog. Each transition is one small
 * method that bumps or checks the generation; one that takes the transport out hands it back as
 * {@link Moved#release()}, to be closed outside the lock (closing a stdio server may take two
 * seconds). Logging and listener events stay with the connection.
 */
final class ConnectionState implements ConnectionContent.Link {
    /** A transition that happened: the generation to report and what to close after the lock. */
    record Moved(int generation, Runnable release) {}

    /** What a tool list refresh starts from, read under one lock. */
    record RefreshStart(boolean ready, McpClientSession client, int generation, Catalog<McpToolInfo> current) {}

    private final String server;
    private final Cancellation lifetime;
    private final StdioDiagnostics stdio;
    private final Runnable transportGone;
    private final LongSupplier clock;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private State state = State.CONNECTING;
    private String reason;
    private volatile int generation;
    private int recoveryEpoch;
    private ObservedChannel transport;
    private McpClientSession session;
    private Catalog<McpToolInfo> catalog = Catalog.empty();
    private long catalogRevision;
    private long viewVersion;
    private long catalogAt;

    /** What a health check of one generation talks to. */
    record Health(McpClientSession client, ObservedChannel channel) {}

    /**
     * @param transportGone runs under the lock whenever the transport is taken out
     * @param clock         monotonic nanoseconds, for the age of the tool catalog
     */
    ConnectionState(String server, Cancellation lifetime, StdioDiagnostics stdio, Runnable transportGone, LongSupplier clock) {
        this.server = server;
        this.clock = clock;
        this.lifetime = lifetime;
        this.stdio = stdio;
        this.transportGone = transportGone;
    }

    int generation() {
        return generation;
    }

    @Override
    public boolean isCurrent(int gen) {
        return gen == generation;
    }

    // ---- transitions ----

    /** Any state → connecting, in a new generation; null when the connection is closed. */
    Moved connecting() {
        return locked(() -> {
            if (lifetime.isCancelled()) {
                return null;
            }
            int gen = ++generation;
            state = State.CONNECTING;
            reason = null;
            recoveryEpoch = 0;
            return new Moved(gen, detach());
        });
    }

    /** Takes the opened transport of generation {@code gen}. @throws McpError.Superseded superseded (then it is closed) */
    void attach(int gen, ObservedChannel channel, McpClientSession client) {
        update(() -> {
            if (gen != generation) {
                closeQuietly(channel);
                throw new McpError.Superseded("superseded");
            }
            transport = channel;
            session = client;
            stdio.attach(channel);
        });
    }

    /** Commits READY with {@code tools}; {@code commitContent} runs under the same lock. @throws McpError.Superseded superseded */
    void ready(int gen, List<McpToolInfo> tools, Runnable commitContent) {
        update(() -> {
            if (gen != generation) {
                throw new McpError.Superseded("superseded");
            }
            catalog = new Catalog<>(tools, ++catalogRevision);
            catalogAt = clock.getAsLong();
            commitContent.run();
            state = State.READY;
            reason = null;
            viewVersion++;
            changed.signalAll();
        });
    }

    /** Generation {@code gen} failed (redacted {@code why}); null when a newer generation exists. */
    Moved failed(int gen, String why) {
        return failed(gen, why, State.FAILED);
    }

    /** As {@link #failed(int, String)}, ending in {@code as} ({@code FAILED} or {@code NEEDS_AUTH}). */
    Moved failed(int gen, String why, State as) {
        return locked(() -> {
            if (gen != generation) {
                return null;
            }
            state = as;
            reason = why;
            viewVersion++;
            Runnable old = detach();
            changed.signalAll();
            return new Moved(gen, old);
        });
    }

    /**
     * The transport of generation {@code gen} ended while ready: disconnected, or recovering in a
     * new epoch when {@code recover}; null when {@code gen} is not the ready generation.
     */
    Moved ended(int gen, String why, boolean recover) {
        return locked(() -> {
            if (gen != generation || state != State.READY) {
                return null;
            }
            int epoch = ++generation;
            viewVersion++;
            reason = why;
            if (recover) {
                state = State.RECOVERING;
                recoveryEpoch = epoch;
            } else {
                state = State.DISCONNECTED;
            }
            Runnable old = detach();
            changed.signalAll();
            return new Moved(epoch, old);
        });
    }

    /** Any state → disconnected by the user's wish; {@code forgetContent} runs under the same lock. */
    Moved disconnected(String why, Runnable forgetContent) {
        return locked(() -> {
            int gen = ++generation;
            state = State.DISCONNECTED;
            reason = why;
            forgetContent.run();
            recoveryEpoch = 0;
            viewVersion++;
            Runnable old = detach();
            changed.signalAll();
            return new Moved(gen, old);
        });
    }

    // ---- recovery ----

    /** Waits out {@code backoff} while {@code epoch} is still recovering; the generation to try next, or 0. */
    int nextAttempt(int epoch, Duration backoff) {
        lock.lock();
        try {
            long wait = backoff.toNanos();
            while (wait > 0 && state == State.RECOVERING && recoveryEpoch == epoch) {
                wait = changed.awaitNanos(wait);
            }
            return state == State.RECOVERING && recoveryEpoch == epoch ? ++generation : 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 0;
        } finally {
            lock.unlock();
        }
    }

    /** Takes out what a failed attempt of {@code gen} left, unless a newer generation exists; run it after. */
    Runnable discard(int gen) {
        return locked(() -> gen == generation ? detach() : () -> { });
    }

    /** The current generation while {@code epoch} is still recovering, else 0. */
    int recovering(int epoch) {
        return locked(() -> state == State.RECOVERING && recoveryEpoch == epoch ? generation : 0);
    }

    // ---- reads ----

    /** The session and channel of generation {@code gen} while it is the ready one, else null. */
    Health health(int gen) {
        return locked(() -> state == State.READY && gen == generation ? new Health(session, transport) : null);
    }

    /** The clock's reading when the current tool catalog was committed. */
    long catalogAt() {
        return locked(() -> catalogAt);
    }

    /** Whether the server is parked as failed (not signed out, not disconnected by the user). */
    boolean isFailed() {
        return locked(() -> state == State.FAILED);
    }

    boolean isReady() {
        return locked(() -> state == State.READY);
    }

    /** The client session while ready, else null. */
    McpClientSession readySession() {
        return locked(() -> state == State.READY ? session : null);
    }

    @Override
    public ConnectionContent.Live live() {
        return locked(() -> {
            if (state != State.READY || session == null) {
                throw notReady();
            }
            return new ConnectionContent.Live(session, generation);
        });
    }

    /** The session, channel and generation a tool call goes to. @throws McpError.NotReady not ready */
    ToolCalls.Ready callable() {
        return locked(() -> {
            if (state != State.READY) {
                throw notReady();
            }
            return new ToolCalls.Ready(session, transport, generation);
        });
    }

    /** @throws McpError.NotReady not ready, when {@code manual} */
    RefreshStart refreshStart(boolean manual) {
        return locked(() -> {
            if (state != State.READY) {
                if (manual) {
                    throw notReady();
                }
                return new RefreshStart(false, null, generation, catalog);
            }
            return new RefreshStart(true, session, generation, catalog);
        });
    }

    /**
     * Commits a listed catalog of generation {@code gen}; a list equal to the committed one keeps
     * the catalog and its revision. @throws McpError.Superseded reconnected meanwhile
     */
    Catalog<McpToolInfo> commitTools(int gen, List<McpToolInfo> listed) {
        return locked(() -> {
            if (gen != generation || state != State.READY) {
                throw new McpError.Superseded("the server was reconnected during the refresh; its list was dropped");
            }
            if (catalog.items().equals(listed)) {
                return catalog;
            }
            catalog = new Catalog<>(listed, ++catalogRevision);
            catalogAt = clock.getAsLong();
            viewVersion++;
            return catalog;
        });
    }

    McpConnection.ToolView toolView() {
        return locked(() -> new McpConnection.ToolView(viewVersion, state == State.READY ? catalog.items() : List.of()));
    }

    /** The status now; {@code content} is read under the same lock, and counted only while ready. */
    ServerStatus status(ConnectionContent content) {
        return locked(() -> {
            McpClientSession.Initialized init = session == null ? null : session.initialized();
            boolean ready = state == State.READY;
            return new ServerStatus(server, state, ready ? content.problem() : reason, ready ? catalog.items().size() : 0,
                    init == null ? null : init.protocolVersion(), generation, catalog.revision(),
                    ready ? content.catalog().resources().size() : 0, ready ? content.catalog().templates().size() : 0,
                    ready ? content.prompts().size() : 0);
        });
    }

    /**
     * Waits (at most {@code budget}) until a generation newer than {@code gen} is ready; false at
     * once when the connection failed or was disconnected.
     */
    boolean awaitReadyAfter(int gen, Duration budget, Cancellation cancellation) {
        long deadline = System.nanoTime() + budget.toNanos();
        try (Cancellation.Registration ignored = cancellation.onCancel(this::signal)) {
            lock.lock();
            try {
                while (!(state == State.READY && generation > gen)) {
                    boolean hopeless = state == State.FAILED || state == State.NEEDS_AUTH || state == State.DISCONNECTED;
                    long left = deadline - System.nanoTime();
                    if (hopeless || left <= 0 || cancellation.isCancelled()) {
                        return false;
                    }
                    changed.awaitNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
                }
                return true;
            } finally {
                lock.unlock();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void signal() {
        update(changed::signalAll);
    }

    private void update(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
    }

    private <T> T locked(Supplier<T> action) {
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    private McpError.NotReady notReady() {
        return new McpError.NotReady(server, state, reason);
    }

    /** Takes the current session and transport out, to be closed by the caller after the lock. Lock held. */
    private Runnable detach() {
        ObservedChannel channel = transport;
        McpClientSession client = session;
        transport = null;
        transportGone.run();
        stdio.detach(channel);
        return () -> {
            if (client != null) {
                client.close();
            }
            closeQuietly(channel);
        };
    }

    private static void closeQuietly(MessageChannel channel) {
        if (channel != null) {
            channel.close();
        }
    }
}
