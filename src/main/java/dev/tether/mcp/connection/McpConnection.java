package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpProgress;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerReport;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.catalog.Catalog;
import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.listen.ListenStream;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.security.Redactor;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * One MCP server of a session: connect, call, close. Its state machine (see {@link
 * ServerStatus.State}) lives in {@link ConnectionState}. Every reconnect, recovery attempt,
 * disconnect and close bumps the generation; a result, catalog or event of an older generation
 * is dropped. A terminal transport error (the stdio process died, connection
 * refused or reset, HTTP session not found, an unanswered health check) while ready starts a
 * single-flight {@linkplain McpConnectionSettings.Recovery recovery} with backoff and jitter; its
 * tools and content are withdrawn until it succeeds; when it gives up, the {@link Breaker} parks
 * the server until its next use after a cool-down. Protocol errors never start recovery. Failures are kept as a redacted reason and
 * never thrown out of {@link #connect()}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
public final class McpConnection {
    private static final Logger LOG = LoggerFactory.getLogger(McpConnection.class);

    /** Where the connection reports changes; the runtime checks the generation before delivering. */
    public interface Events {
        /** {@code ROOTS}: the server said it needs roots, which it is not given (see {@link #rootsNeeded()}). */
        enum Change { STATE, TOOLS, ROOTS }

        void emit(McpConnection source, int generation, Change change);
    }

    /** What the model may see of this server now, and a version that changes whenever that does. */
    public record ToolView(long version, List<McpToolInfo> tools) {}

    private final McpServerSpec spec;
    private final McpRuntimeOptions options;
    private final McpConnectionSettings settings;
    private final Events events;
    private final Cancellation lifetime;
    private final CompletableFuture<Void> settled = new CompletableFuture<>();
    private final ToolListRefresh tools;
    private final RootsNeed roots;
    private final StdioDiagnostics stdio;
    private final ConnectionState state;
    private final ConnectionContent content;
    private volatile Consumer<String> taskStatus = id -> {};
    private final Handshake handshake;
    private final ToolCalls calls;
    private final CallStats callStats = new CallStats();
    private final ListenInterest listening;
    private final ListenStream listen;
    private final Breaker breaker;
    private final Duration healthEvery;
    private volatile boolean pingUnsupported;

    public McpConnection(McpServerSpec spec, McpRuntimeOptions options, McpConnectionSettings settings, Events events,
                         Cancellation calls) {
        this.spec = spec;
        this.options = options;
        this.settings = settings;
        this.events = events;
        this.lifetime = calls.child();
        this.roots = new RootsNeed(options.grantsFor(spec.name()).exposeRoots(), () -> events.emit(this, generation(), Events.Change.ROOTS));
        this.stdio = new StdioDiagnostics(roots::heard);
        McpConnectionSettings.Healing healing = settings.healing();
        this.state = new ConnectionState(spec.name(), lifetime, stdio, this::transportGone, healing.clock());
        this.breaker = new Breaker(healing.coolDown(), healing.maxCoolDown(), healing.clock());
        Integer ownHealth = options.policyFor(spec.name()).healthCheckSeconds();
        this.healthEvery = ownHealth == null ? healing.healthCheck() : Duration.ofSeconds(ownHealth);
        this.tools = new ToolListRefresh(spec.name(), options, settings, state, lifetime,
                gen -> events.emit(this, gen, Events.Change.TOOLS));
        this.content = new ConnectionContent(spec.name(), options, settings, lifetime, state);
        this.handshake = new Handshake(spec, options, settings, content, lifetime);
        this.listening = new ListenInterest(content, tools.refresher());
        this.listen = new ListenStream(spec.name(), settings.recovery(), options.listTimeout(), lifetime, healing.clock(), listening);
        content.onListenChange(listen::refilter);
        this.calls = new ToolCalls(spec.name(), options, lifetime,
                new CallTarget(state, settings.recovery().budget().plus(options.connectTimeout())));
    }

    public String name() {
        return spec.name();
    }

    public int generation() {
        return state.generation();
    }

    // ---- lifecycle ----

    /** First connect and manual reconnect: connecting → ready | failed | needs sign-in. Blocking; never throws. */
    public void connect() {
        breaker.close();
        connectNow();
    }

    /**
     * The lazy retry of a server the circuit breaker parked: when its cool-down has passed, one
     * caller starts a connect attempt on a virtual thread and gets a future that completes when it
     * has settled; everyone else (and every caller before the cool-down) gets null.
     */
    public CompletableFuture<Void> retryIfDue() {
        if (!state.isFailed() || !breaker.claim()) {
            return null;
        }
        LOG.info("mcp {}: trying the failed server again", spec.name());
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread.ofVirtual().name("mcp-" + spec.name() + "-retry").start(() -> {
            try {
                connectNow();
            } finally {
                done.complete(null);
            }
        });
        return done;
    }

    private void connectNow() {
        ConnectionState.Moved moved = state.connecting();
        if (moved == null) {
            return;
        }
        moved.release().run();
        int gen = moved.generation();
        events.emit(this, gen, Events.Change.STATE);
        try {
            attempt(gen);
            settled.complete(null);
        } catch (RuntimeException e) {
            fail(gen, Handshake.describe(spec.name(), e), signInRequired(e) ? State.NEEDS_AUTH : State.FAILED);
        }
    }

    /** The HTTP transport failed a handshake request because the user has to sign in again. */
    static boolean signInRequired(RuntimeException e) {
        return e instanceof McpError.ErrorAnswer answer && answer.code() == McpError.ErrorAnswer.SIGN_IN_REQUIRED;
    }

    /** Opens, initialises and lists tools for generation {@code gen}; commits READY. Throws on failure. */
    private void attempt(int gen) {
        try {
            attemptOnce(gen);
        } catch (VersionChoice.ExitedOnProbe e) {
            if (stdio.crashedByItself()) {
                // It died at start, whatever it was sent: a second start would crash the same way.
                throw crashedAtStart();
            }
            // The server quit on server/discover before initialize: once more, for the initialize path.
            LOG.info("mcp {}: starting it again for initialize", spec.name());
            attemptOnce(gen);
        }
    }

    /**
     * The words for a stdio server that died on its own before it said anything — the same whether
     * the request it did not answer was the probe or (on a later start, once the probe is
     * remembered as not understood) {@code initialize}.
     */
    private McpError crashedAtStart() {
        Integer code = stdio.exitCode();
        return new McpError.Unreachable("the server exited before answering anything"
                + (code == null ? "" : " (exit code " + code + ")"));
    }

    private void attemptOnce(int gen) {
        MessageChannel raw = handshake.open();
        ObservedChannel channel = new ObservedChannel(raw, cause -> ended(gen, cause));
        McpClientSession client = new McpClientSession(spec.name(), channel, tools.refresher()::request,
                roots.watching(settings.serverRequests()));
        client.onContent(content.notifications(gen));
        client.onTaskStatus(id -> taskStatus.accept(id));
        state.attach(gen, channel, client);
        Handshake.Done done;
        try {
            done = handshake.run(client);
        } catch (McpError e) {
            if (spec instanceof McpServerSpec.Stdio && channel.failed() && !channel.heardAnything()
                    && stdio.crashedByItself()) {
                throw crashedAtStart();
            }
            throw transportWords(e, channel);
        }
        state.ready(gen, done.tools(), () -> content.commit(done.content()));
        LOG.info("mcp {}: ready ({} tools, protocol {})", spec.name(), done.tools().size(), done.init().protocolVersion());
        breaker.close();
        events.emit(this, gen, Events.Change.STATE);
        events.emit(this, gen, Events.Change.TOOLS);
        content.resubscribe(new ConnectionContent.Live(client, gen));
        listen.start(client, gen, state::isCurrent);
        startHealthCheck(gen);
    }

    /**
     * A handshake that failed because a network transport ended reads as the transport's own words
     * (the one table, {@code FailureWords}: "connection refused by 127.0.0.1:9: …"), not as the request
     * it cut short ("server/discover failed: mcp-x connection failed: …"). A stdio server's end keeps
     * its own diagnosis; an answer asking to sign in stays what it is.
     */
    private RuntimeException transportWords(McpError e, ObservedChannel channel) {
        Throwable ended = channel.endedBy();
        if (spec instanceof McpServerSpec.Stdio || signInRequired(e) || !(ended instanceof java.io.IOException)
                || ended.getMessage() == null || ended.getMessage().isBlank()) {
            return e;
        }
        return new McpError.Unreachable(ended.getMessage());
    }

    /** Checks the server of generation {@code gen} while it idles (see {@link HealthCheck}), unless checks are off for it. */
    private void startHealthCheck(int gen) {
        ConnectionState.Health health = state.health(gen);
        if (healthEvery.isZero() || pingUnsupported || health == null) {
            return;
        }
        HealthCheck check = new HealthCheck(spec.name(), gen, health, healthEvery, settings.healing().pingTimeout(),
                lifetime, state::isCurrent, () -> pingUnsupported = true);
        Thread.ofVirtual().name("mcp-" + spec.name() + "-health").start(check);
    }

    private void fail(int gen, String why, State as) {
        String redacted = Redactor.redact(stdio.withDiagnostics(why));
        ConnectionState.Moved moved = state.failed(gen, redacted, as);
        if (moved == null) {
            return;
        }
        moved.release().run();
        LOG.warn("mcp {}: {}: {}", spec.name(), as == State.NEEDS_AUTH ? "needs sign-in" : "failed", redacted);
        if (as == State.FAILED) {
            LOG.info("mcp {}: will try again when next used, after {} s", spec.name(), breaker.park().toSeconds());
        }
        emitBoth(gen);
        settled.complete(null);
    }

    /** The transport of generation {@code gen} ended; a terminal error while ready starts recovery. */
    private void ended(int gen, Throwable cause) {
        String why = Redactor.redact(stdio.withDiagnostics(cause == null ? "the connection to the server ended"
                : "the connection to the server failed: " + cause.getMessage()));
        ConnectionState.Moved moved = state.ended(gen, why, cause != null);
        if (moved == null) {
            return;
        }
        moved.release().run();
        int epoch = moved.generation();
        LOG.warn("mcp {}: {}{}", spec.name(), why, cause == null ? "" : "; reconnecting");
        emitBoth(epoch);
        if (cause != null) {
            Recovery recovery = new Recovery(spec.name(), settings.recovery(),
                    new RecoverySteps(state, this::attempt, this::fail));
            Thread.ofVirtual().name("mcp-" + spec.name() + "-recover").start(() -> recovery.run(epoch, why));
        }
    }

    /** Ends the connection by the user's wish; a later {@link #connect()} may start it again. */
    public void disconnect(String why) {
        breaker.close();
        ConnectionState.Moved moved = state.disconnected(why, content::forgetDesired);
        moved.release().run();
        emitBoth(moved.generation());
    }

    /** Ends the server for good (its process tree, for stdio): cancels calls, stops refreshes. */
    public void close() {
        lifetime.cancel();
        tools.close();
        content.close();
        disconnect("closed");
        settled.complete(null);
    }

    /** Completes when the first connect attempt has settled (ready or failed), or on close. */
    public CompletableFuture<Void> settled() {
        return settled;
    }

    private void emitBoth(int gen) {
        events.emit(this, gen, Events.Change.STATE);
        events.emit(this, gen, Events.Change.TOOLS);
    }

    /** Runs under the state's lock whenever a transport is taken out: no subscription is active any more. */
    private void transportGone() {
        content.transportGone();
    }

    // ---- tools ----

    /**
     * Fetches the tool catalog now and commits it when complete and valid.
     *
     * @param manual whether a caller asked (then "not ready" is an error, not a no-op)
     * @throws McpError not ready, a page request failed, or a bound or an item was broken (the last
     *                  good catalog stays)
     */
    public Catalog<McpToolInfo> refresh(Cancellation cancellation, boolean manual) {
        return tools.refresh(cancellation, manual);
    }

    public CoalescingRefresher refresher() {
        return tools.refresher();
    }

    /** Before a model request: refreshes stale lists (tools, resources, prompts) a server does not send {@code list_changed} for (the catalog TTL). */
    public void refreshIfStale() {
        McpClientSession ready = readySession();
        tools.refreshIfStale(ready);
        content.refreshIfStale(ready);
    }

    public ToolView toolView() {
        return state.toolView();
    }

    public List<McpToolInfo> tools() {
        return toolView().tools();
    }

    /**
     * Calls a tool of this server.
     *
     * @param retryable the tool's effective hints say idempotent or read-only: a call that failed
     *                  because the transport died is sent once more after a successful reconnect.
     *                  Other calls are never retried (the server may have acted on them).
     * @throws McpError       not ready, error answer, timeout, connection ended, or a stale generation
     * @throws CancelledException {@code cancellation} fired
     */
    public McpCallResult call(String tool, JsonNode arguments, boolean retryable, Cancellation cancellation,
                              Consumer<McpProgress> progress) {
        long started = System.nanoTime();
        CallStats.Outcome outcome = CallStats.Outcome.FAILED;
        try {
            McpCallResult result = calls.call(tool, arguments, retryable, cancellation, progress);
            outcome = CallStats.Outcome.ANSWERED;
            roots.answered(result);
            return result;
        } catch (CancelledException e) {
            outcome = CallStats.Outcome.CANCELLED;
            throw e;
        } finally {
            callStats.record(System.nanoTime() - started, outcome);
        }
    }

    /** Its {@code tools/call} figures since it was made, for the status view. */
    public ServerReport.Calls callFigures() {
        return callStats.figures();
    }

    // ---- views ----

    public ServerStatus status() {
        return state.status(content);
    }

    /**
     * Routes the server's task status notifications ({@code notifications/tasks/status}, and on a
     * 2026 listen stream {@code notifications/tasks}: its task id) of every session of this
     * connection to {@code listener}; {@code watched} names the server's tasks being watched, which a
     * 2026 listen stream subscribes to.
     */
    public void watchTasks(Consumer<String> listener, java.util.function.Supplier<java.util.Collection<String>> watched) {
        taskStatus = listener;
        listening.watch(watched);
    }

    /** The watched tasks changed (one started or ended): a 2026 listen stream subscribes anew. */
    public void watchedTasksChanged() {
        listen.refilter();
    }

    /** Whether this connection is ready now (content is withdrawn otherwise). */
    public boolean isReady() {
        return state.isReady();
    }

    /** The client session while ready, else null. */
    public McpClientSession readySession() {
        return state.readySession();
    }

    /** Which of its listed tools were left out for invalid {@code x-mcp-header} marks, and why, while ready; else null. */
    public String refusedTools() {
        McpClientSession client = readySession();
        return client == null ? null : client.refusedTools();
    }

    /** The server's {@code initialize.instructions} (raw, untrusted) while ready, else null. */
    public String instructions() {
        McpClientSession client = readySession();
        McpClientSession.Initialized init = client == null ? null : client.initialized();
        return init == null ? null : init.instructions();
    }

    /** Content (resources, prompts, completion): its state and operations live in {@link ConnectionContent}. */
    public ConnectionContent content() {
        return content;
    }

    /** Whether this server is given the session's roots ({@code exposeRoots}). */
    public boolean rootsExposed() {
        return roots.exposed();
    }

    /**
     * What the server said that shows it needs roots it is not given (its words: sanitised,
     * redacted, cut), or null while it has said nothing of the kind (see {@link RootsNeed}).
     */
    public String rootsNeeded() {
        return roots.said();
    }

    /** The last stderr lines of a stdio server, or "". */
    public String stderrTail() {
        return stdio.stderrTail();
    }

    /** The process id of a stdio server, or -1. */
    public long pid() {
        return stdio.pid();
    }
}
