package dev.tether.mcp;

import dev.tether.agent.Cancellation;
import dev.tether.agent.CancelledException;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.ServerStatus.State;
import dev.tether.mcp.catalog.Catalog;
import dev.tether.mcp.catalog.CatalogException;
import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.interaction.ClientCapabilities;
import dev.tether.mcp.auth.AuthException;
import dev.tether.mcp.auth.OAuthAuthorization;
import dev.tether.mcp.transport.HttpAuthorization;
import dev.tether.mcp.transport.HttpTransport;
import dev.tether.mcp.transport.StdioTransport;
import dev.tether.mcp.transport.VariableExpansion;
import dev.tether.security.Redactor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * One MCP server of a session and its state machine (see {@link State}). Every reconnect,
 * recovery attempt, disconnect and close bumps the generation; a result, catalog or event of an
 * older generation is dropped. A terminal transport error (the stdio process died, connection
 * refused, HTTP session not found) while ready starts a single-flight {@linkplain
 * McpConnectionSettings.Recovery recovery} with backoff; its tools are withdrawn until it
 * succeeds. Protocol errors never start recovery. Failures are kept as a redacted reason and
 * never thrown out of {@link #connect()}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
public final class McpConnection {
    private static final Logger LOG = LoggerFactory.getLogger(McpConnection.class);

    /** Where the connection reports changes; the runtime checks the generation before delivering. */
    interface Events {
        enum Change { STATE, TOOLS }

        void emit(McpConnection source, int generation, Change change);
    }

    private final McpServerSpec spec;
    private final McpRuntimeOptions options;
    private final McpConnectionSettings settings;
    private final Events events;
    private final Cancellation lifetime;
    private final CompletableFuture<Void> settled = new CompletableFuture<>();
    private final CoalescingRefresher refresher;
    private final ConnectionContent content;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ReentrantLock fetchLock = new ReentrantLock();
    private State state = State.CONNECTING;
    private String reason;
    private volatile int generation;
    private int recoveryEpoch;
    private ObservedChannel transport;
    private McpClientSession session;
    private Catalog<McpToolInfo> catalog = Catalog.empty();
    private long catalogRevision;
    private long viewVersion;

    McpConnection(McpServerSpec spec, McpRuntimeOptions options, McpConnectionSettings settings, Events events,
                  Cancellation calls) {
        this.spec = spec;
        this.options = options;
        this.settings = settings;
        this.events = events;
        this.lifetime = calls.child();
        this.refresher = new CoalescingRefresher(spec.name(), settings.refreshQuiet(), settings.refreshMaxDelay(),
                this::refreshFromNotification);
        this.content = new ConnectionContent(spec.name(), options, settings, lifetime, new ContentLink());
    }

    public String name() {
        return spec.name();
    }

    int generation() {
        return generation;
    }

    /** First connect and manual reconnect: connecting → ready | failed. Blocking; never throws. */
    void connect() {
        int gen;
        Runnable old;
        lock.lock();
        try {
            if (lifetime.isCancelled()) {
                return;
            }
            gen = ++generation;
            state = State.CONNECTING;
            reason = null;
            recoveryEpoch = 0;
            old = detach();
        } finally {
            lock.unlock();
        }
        old.run();
        events.emit(this, gen, Events.Change.STATE);
        try {
            attempt(gen);
            settled.complete(null);
        } catch (RuntimeException e) {
            fail(gen, describe(e));
        }
    }

    /** Opens, initialises and lists tools for generation {@code gen}; commits READY. Throws on failure. */
    private void attempt(int gen) {
        MessageChannel raw;
        try {
            raw = open();
        } catch (IOException e) {
            throw new McpException(e.getMessage() == null ? "cannot start the server" : e.getMessage());
        }
        ObservedChannel channel = new ObservedChannel(raw, cause -> ended(gen, cause));
        McpClientSession client = new McpClientSession(spec.name(), channel, refresher::request, settings.serverRequests());
        client.onContent(content.notifications(gen));
        lock.lock();
        try {
            if (gen != generation) {
                closeQuietly(channel);
                throw new McpException("superseded");
            }
            transport = channel;
            session = client;
        } finally {
            lock.unlock();
        }
        McpClientSession.Initialized init = client.initialize(options.clientVersion(),
                ClientCapabilities.declare(options.policyFor(spec.name()), options.host()), options.connectTimeout(), lifetime);
        applyLogLevel(client);
        List<McpToolInfo> listed = client.declares("tools")
                ? client.listTools(settings.catalogBounds(), options.listTimeout(), lifetime) : List.of();
        ConnectionContent.Fetched fetched = content.fetch(client, lifetime);
        lock.lock();
        try {
            if (gen != generation) {
                throw new McpException("superseded");
            }
            catalog = new Catalog<>(listed, ++catalogRevision);
            content.commit(fetched);
            state = State.READY;
            reason = null;
            viewVersion++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        LOG.info("mcp {}: ready ({} tools, protocol {})", spec.name(), listed.size(), init.protocolVersion());
        events.emit(this, gen, Events.Change.STATE);
        events.emit(this, gen, Events.Change.TOOLS);
        content.resubscribe(new ConnectionContent.Live(client, gen));
    }

    /**
     * Asks a server that declared {@code logging} for the policy's level; done after every
     * (re)connect because a new session starts at the server's own default. A failure is logged,
     * never fatal: logs are diagnostics.
     */
    private void applyLogLevel(McpClientSession client) {
        if (!client.declares("logging")) {
            return;
        }
        String level = options.policyFor(spec.name()).logLevel();
        try {
            client.setLoggingLevel(level == null ? McpServerPolicy.DEFAULT_LOG_LEVEL : level, options.listTimeout(), lifetime);
        } catch (McpException e) {
            LOG.info("mcp {}: logging/setLevel failed: {}", spec.name(), Redactor.redact(e.getMessage()));
        }
    }

    /** The client session while ready, else null. */
    McpClientSession readySession() {
        lock.lock();
        try {
            return state == State.READY ? session : null;
        } finally {
            lock.unlock();
        }
    }

    /** The server's {@code initialize.instructions} (raw, untrusted) while ready, else null. */
    String instructions() {
        McpClientSession client = readySession();
        McpClientSession.Initialized init = client == null ? null : client.initialized();
        return init == null ? null : init.instructions();
    }

    private MessageChannel open() throws IOException {
        VariableExpansion.Result expanded = VariableExpansion.expand(spec, options.hostEnv());
        for (String name : expanded.undefined()) {
            LOG.warn("mcp {}: ${{{}}} is not set in Tether's environment; it expands to an empty string", spec.name(), name);
        }
        return switch (expanded.spec()) {
            case McpServerSpec.Stdio stdio -> StdioTransport.launch(stdio, options.defaultCwd(), options.hostEnv(),
                    settings.maxLineBytes());
            case McpServerSpec.Http http -> new HttpTransport(http, options.connectTimeout(), authorization(http));
            case McpServerSpec.Sse sse -> throw new McpException("legacy HTTP+SSE servers are not supported; use streamable HTTP");
        };
    }

    /** OAuth for {@code http} when the runtime has it turned on (see {@code mcp/auth}). */
    private HttpAuthorization authorization(McpServerSpec.Http http) {
        if (options.oauth() == null) {
            return HttpAuthorization.NONE;
        }
        try {
            return OAuthAuthorization.forServer(http, options.oauth());
        } catch (AuthException e) {
            throw new McpException(e.getMessage());
        }
    }

    private String describe(RuntimeException e) {
        return switch (e) {
            case McpException m -> m.getMessage();
            case CatalogException c -> c.getMessage();
            case CancelledException c -> "connection closed while starting";
            case UncheckedIOException u -> "cannot talk to the server: " + u.getCause().getMessage();
            default -> {
                LOG.debug("mcp {}: unexpected failure", spec.name(), e);
                yield "unexpected error: " + e.getClass().getSimpleName();
            }
        };
    }

    private void fail(int gen, String why) {
        String redacted = Redactor.redact(withDiagnostics(why));
        Runnable channel;
        lock.lock();
        try {
            if (gen != generation) {
                return;
            }
            state = State.FAILED;
            reason = redacted;
            viewVersion++;
            channel = detach();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        channel.run();
        LOG.warn("mcp {}: failed: {}", spec.name(), redacted);
        events.emit(this, gen, Events.Change.STATE);
        events.emit(this, gen, Events.Change.TOOLS);
        settled.complete(null);
    }

    /** The transport of generation {@code gen} ended; a terminal error while ready starts recovery. */
    private void ended(int gen, Throwable cause) {
        String why = Redactor.redact(withDiagnostics(cause == null ? "the connection to the server ended"
                : "the connection to the server failed: " + cause.getMessage()));
        int epoch;
        Runnable old;
        lock.lock();
        try {
            if (gen != generation || state != State.READY) {
                return;
            }
            epoch = ++generation;
            viewVersion++;
            reason = why;
            if (cause == null) {
                state = State.DISCONNECTED;
            } else {
                state = State.RECOVERING;
                recoveryEpoch = epoch;
            }
            old = detach();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        old.run();
        LOG.warn("mcp {}: {}{}", spec.name(), why, cause == null ? "" : "; reconnecting");
        events.emit(this, epoch, Events.Change.STATE);
        events.emit(this, epoch, Events.Change.TOOLS);
        if (cause != null) {
            Thread.ofVirtual().name("mcp-" + spec.name() + "-recover").start(() -> recover(epoch, why));
        }
    }

    private void recover(int epoch, String firstReason) {
        McpConnectionSettings.Recovery policy = settings.recovery();
        String last = firstReason;
        for (int attempt = 1; attempt <= policy.attempts(); attempt++) {
            int gen;
            lock.lock();
            try {
                long wait = policy.backoff(attempt).toNanos();
                while (wait > 0 && state == State.RECOVERING && recoveryEpoch == epoch) {
                    wait = changed.awaitNanos(wait);
                }
                if (state != State.RECOVERING || recoveryEpoch != epoch) {
                    return;
                }
                gen = ++generation;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } finally {
                lock.unlock();
            }
            try {
                attempt(gen);
                LOG.info("mcp {}: reconnected after {} attempt(s)", spec.name(), attempt);
                return;
            } catch (RuntimeException e) {
                last = describe(e);
                LOG.info("mcp {}: reconnect attempt {} failed: {}", spec.name(), attempt, Redactor.redact(last));
                Runnable old = () -> { };
                lock.lock();
                try {
                    if (gen == generation) {
                        old = detach();
                    }
                } finally {
                    lock.unlock();
                }
                old.run();
            }
        }
        lock.lock();
        int gen;
        try {
            if (state != State.RECOVERING || recoveryEpoch != epoch) {
                return;
            }
            gen = generation;
        } finally {
            lock.unlock();
        }
        fail(gen, "gave up reconnecting after " + policy.attempts() + " attempts: " + last);
    }

    /**
     * Takes the current session and transport out; the caller runs the result outside the lock
     * (closing a stdio server may take two seconds). Lock held.
     */
    private Runnable detach() {
        ObservedChannel channel = transport;
        McpClientSession client = session;
        transport = null;
        content.transportGone();
        if (channel != null && channel.delegate() instanceof StdioTransport stdio) {
            lastStderr = stdio.stderrTail();
        }
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

    private String withDiagnostics(String why) {
        String tail = stderrTail().strip();
        if (tail.isEmpty()) {
            return why;
        }
        return why + " (stderr: " + tail.substring(tail.lastIndexOf('\n') + 1) + ")";
    }

    /** Notification-driven refresh: a failure keeps the last good catalog and is logged. */
    private void refreshFromNotification() {
        try {
            refresh(lifetime, false);
        } catch (McpException | CatalogException e) {
            LOG.warn("mcp {}: tool list refresh failed, keeping the last good list: {}", spec.name(),
                    Redactor.redact(e.getMessage()));
        } catch (CancelledException e) {
            // Closing.
        }
    }

    /**
     * Fetches the tool catalog now and commits it when complete and valid.
     *
     * @param manual whether a caller asked (then "not ready" is an error, not a no-op)
     * @throws McpException      not ready, or a page request failed
     * @throws CatalogException  a bound was broken; the last good catalog stays
     */
    Catalog<McpToolInfo> refresh(Cancellation cancellation, boolean manual) {
        fetchLock.lock();
        try {
            McpClientSession client;
            int gen;
            lock.lock();
            try {
                if (state != State.READY) {
                    if (manual) {
                        throw notReady();
                    }
                    return catalog;
                }
                client = session;
                gen = generation;
            } finally {
                lock.unlock();
            }
            List<McpToolInfo> listed = client.listTools(settings.catalogBounds(), options.listTimeout(), cancellation);
            Catalog<McpToolInfo> committed;
            lock.lock();
            try {
                if (gen != generation || state != State.READY) {
                    throw new McpException("the server was reconnected during the refresh; its list was dropped");
                }
                committed = new Catalog<>(listed, ++catalogRevision);
                catalog = committed;
                viewVersion++;
            } finally {
                lock.unlock();
            }
            events.emit(this, gen, Events.Change.TOOLS);
            return committed;
        } finally {
            fetchLock.unlock();
        }
    }

    private McpException notReady() {
        return new McpException("server \"" + spec.name() + "\" is " + state.name().toLowerCase(java.util.Locale.ROOT)
                + (reason == null ? "" : ": " + reason));
    }

    CoalescingRefresher refresher() {
        return refresher;
    }

    /** Completes when the first connect attempt has settled (ready or failed), or on close. */
    CompletableFuture<Void> settled() {
        return settled;
    }

    public ServerStatus status() {
        lock.lock();
        try {
            McpClientSession.Initialized init = session == null ? null : session.initialized();
            boolean ready = state == State.READY;
            return new ServerStatus(spec.name(), state, reason, ready ? catalog.items().size() : 0,
                    init == null ? null : init.protocolVersion(), generation, catalog.revision(),
                    ready ? content.catalog().resources().size() : 0, ready ? content.catalog().templates().size() : 0,
                    ready ? content.prompts().size() : 0);
        } finally {
            lock.unlock();
        }
    }

    /** What the model may see of this server now, and a version that changes whenever that does. */
    record ToolView(long version, List<McpToolInfo> tools) {}

    ToolView toolView() {
        lock.lock();
        try {
            return new ToolView(viewVersion, state == State.READY ? catalog.items() : List.of());
        } finally {
            lock.unlock();
        }
    }

    List<McpToolInfo> tools() {
        return toolView().tools();
    }

    /** The last stderr lines of a stdio server, or "". */
    public String stderrTail() {
        ObservedChannel channel = transport;
        return channel != null && channel.delegate() instanceof StdioTransport stdio ? stdio.stderrTail() : lastStderr;
    }

    private volatile String lastStderr = "";

    /** How many non-JSON stdout lines a stdio server printed. */
    public long malformedLines() {
        ObservedChannel channel = transport;
        return channel != null && channel.delegate() instanceof StdioTransport stdio ? stdio.malformedCount() : 0;
    }

    /** The process id of a stdio server, or -1. */
    public long pid() {
        ObservedChannel channel = transport;
        return channel != null && channel.delegate() instanceof StdioTransport stdio ? stdio.pid() : -1;
    }

    /** As {@link #call(String, JsonNode, boolean, Cancellation, Consumer)}, never retried. */
    McpCallResult call(String tool, JsonNode arguments, Cancellation cancellation, Consumer<McpProgress> progress) {
        return call(tool, arguments, false, cancellation, progress);
    }

    /**
     * Calls a tool of this server.
     *
     * @param retryable the tool's effective hints say idempotent or read-only: a call that failed
     *                  because the transport died is sent once more after a successful reconnect.
     *                  Other calls are never retried (the server may have acted on them).
     * @throws McpException       not ready, error answer, timeout, connection ended, or a stale generation
     * @throws CancelledException {@code cancellation} fired
     */
    McpCallResult call(String tool, JsonNode arguments, boolean retryable, Cancellation cancellation,
                       Consumer<McpProgress> progress) {
        try {
            return callOnce(tool, arguments, cancellation, progress);
        } catch (TransportLost lost) {
            if (!retryable || !awaitReadyAfter(lost.generation, cancellation)) {
                throw lost.failure;
            }
            LOG.info("mcp {}: retrying {} once after reconnecting", spec.name(), tool);
            try {
                return callOnce(tool, arguments, cancellation, progress);
            } catch (TransportLost again) {
                throw again.failure;
            }
        }
    }

    /** A call failed because its transport ended (not an answer, not a timeout). */
    private static final class TransportLost extends RuntimeException {
        final int generation;
        final McpException failure;

        TransportLost(int generation, McpException failure) {
            super(null, null, false, false);
            this.generation = generation;
            this.failure = failure;
        }
    }

    private McpCallResult callOnce(String tool, JsonNode arguments, Cancellation cancellation, Consumer<McpProgress> progress) {
        McpClientSession client;
        ObservedChannel channel;
        int gen;
        lock.lock();
        try {
            if (state != State.READY) {
                throw notReady();
            }
            client = session;
            channel = transport;
            gen = generation;
        } finally {
            lock.unlock();
        }
        McpRuntimeOptions.CallTimeouts limits = options.callTimeoutsFor(spec.name());
        try (Cancellation callCancellation = cancellation.child();
             Cancellation.Registration ignored = lifetime.onCancel(callCancellation::cancel)) {
            McpCallResult result = client.callTool(tool, arguments,
                    new McpClientSession.CallLimits(limits.idle(), limits.total()), callCancellation, progress);
            if (gen != generation) {
                throw new McpException("the server was reconnected during the call; its result was dropped");
            }
            return result;
        } catch (McpException e) {
            if (client.isClosed() && channel.failed() && !e.isTimeout()) {
                throw new TransportLost(gen, e);
            }
            if (client.isClosed() && gen != generation) {
                throw new McpException("the server was reconnected or disconnected during the call; the call was abandoned");
            }
            throw e;
        } catch (CancelledException e) {
            if (!cancellation.isCancelled()) {
                if (client.isClosed() && channel.failed()) {
                    throw new TransportLost(gen, new McpException("the server connection ended during the call"));
                }
                throw new McpException("the server connection was closed during the call");
            }
            throw e;
        }
    }

    /** Waits (bounded by the recovery budget) until a generation newer than {@code gen} is ready. */
    private boolean awaitReadyAfter(int gen, Cancellation cancellation) {
        long deadline = System.nanoTime() + settings.recovery().budget().plus(options.connectTimeout()).toNanos();
        try (Cancellation.Registration ignored = cancellation.onCancel(this::signal)) {
            lock.lock();
            try {
                while (!(state == State.READY && generation > gen)) {
                    boolean hopeless = state == State.FAILED || state == State.DISCONNECTED;
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
        lock.lock();
        try {
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    /** Benchmarks and projection tests: a ready connection with this catalog and no server. */
    void seedForBench(List<McpToolInfo> tools) {
        lock.lock();
        try {
            catalog = new Catalog<>(tools, ++catalogRevision);
            state = State.READY;
            viewVersion++;
        } finally {
            lock.unlock();
        }
    }

    /** Ends the connection by the user's wish; a later {@link #connect()} may start it again. */
    void disconnect(String why) {
        int gen;
        Runnable channel;
        lock.lock();
        try {
            gen = ++generation;
            state = State.DISCONNECTED;
            reason = why;
            content.forgetDesired();
            recoveryEpoch = 0;
            viewVersion++;
            channel = detach();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        channel.run();
        events.emit(this, gen, Events.Change.STATE);
        events.emit(this, gen, Events.Change.TOOLS);
    }

    /** Ends the server for good (its process tree, for stdio): cancels calls, stops refreshes. */
    void close() {
        lifetime.cancel();
        refresher.close();
        content.close();
        disconnect("closed");
        settled.complete(null);
    }

    // ---- Content (resources, prompts, completion): state and operations live in ConnectionContent ----

    ConnectionContent content() {
        return content;
    }

    /** Whether this connection is ready now (content is withdrawn otherwise). */
    boolean isReady() {
        lock.lock();
        try {
            return state == State.READY;
        } finally {
            lock.unlock();
        }
    }

    private final class ContentLink implements ConnectionContent.Link {
        @Override
        public ConnectionContent.Live live() {
            lock.lock();
            try {
                if (state != State.READY || session == null) {
                    throw notReady();
                }
                return new ConnectionContent.Live(session, generation);
            } finally {
                lock.unlock();
            }
        }

        @Override
        public boolean isCurrent(int gen) {
            return gen == generation;
        }
    }
}
