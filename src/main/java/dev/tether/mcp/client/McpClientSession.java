package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.jsonrpc.CancelProtocol;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.jsonrpc.OutboundCall;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpProgress;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.catalog.CacheHint;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.catalog.CatalogFetcher;
import dev.tether.mcp.content.ContentNotifications;
import dev.tether.mcp.interaction.ServerRequestHandler;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tether's MCP client session with one server, on the shared {@link JsonRpcConnection}:
 * the initialize handshake, paginated {@code tools/list}, and {@code tools/call} with the
 * caller's cancellation, an idle timeout refreshed by progress, a hard total timeout and
 * progress routed by token. Every method is checked against the capabilities the server
 * declared before it is sent. What the server sends on its own is routed by
 * {@link ServerMessages}; resource, prompt and completion requests are {@link ContentRequests}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
public final class McpClientSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpClientSession.class);
    public static final String PROTOCOL_VERSION = "2025-11-25";
    public static final List<String> SUPPORTED_VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

    private final String server;
    private final JsonRpcConnection rpc;
    private final Map<String, Consumer<McpProgress>> progressRoutes = new ConcurrentHashMap<>();
    private final AtomicLong nextToken = new AtomicLong(1);
    private final Runnable toolsChanged;
    private final ServerRequestHandler serverRequests;
    private final ContentRequests contentRequests;
    private final TaskRequests taskRequests;
    private final ListenRequests listenRequests;
    /** The log level stamped on every 2026-07-28 request ({@code _meta}); null stamps none. */
    private volatile String logLevel;
    private volatile Consumer<String> taskStatus = id -> {};
    private volatile Initialized initialized;
    private volatile ContentNotifications content = ContentNotifications.NONE;
    private final CallClock clock = new CallClock();
    private final Map<String, CacheHint> cacheHints = new ConcurrentHashMap<>();
    private final RefusedTools refusedTools;
    /** Set when the server speaks the stateless 2026-07-28 revision: stamped on every request. */
    private volatile ModernProtocol.Envelope modern;
    private final java.util.concurrent.atomic.AtomicBoolean started = new java.util.concurrent.atomic.AtomicBoolean();

    /** What the server said about itself in {@code initialize}. */
    public record Initialized(String protocolVersion, String serverName, String serverVersion,
                              JsonNode capabilities, String instructions) {}

    /** Time limits for one call: {@code idle} is refreshed by progress, {@code total} is not. */
    public record CallLimits(Duration idle, Duration total) {}

    /**
     * @param toolsChanged runs on the reader thread for {@code notifications/tools/list_changed}; must not block
     */
    public McpClientSession(String server, MessageChannel channel, Runnable toolsChanged) {
        this(server, channel, toolsChanged, ServerRequestHandler.NOT_OFFERED);
    }

    /**
     * @param toolsChanged   runs on the reader thread for {@code notifications/tools/list_changed}; must not block
     * @param serverRequests answers roots, sampling and elicitation requests from the server
     */
    public McpClientSession(String server, MessageChannel channel, Runnable toolsChanged, ServerRequestHandler serverRequests) {
        this.server = server;
        this.toolsChanged = toolsChanged;
        this.serverRequests = serverRequests;
        this.rpc = new JsonRpcConnection("mcp-" + server, channel, new ServerMessages(server, this, serverRequests),
                CancelProtocol.MCP, false);
        this.contentRequests = new ContentRequests(server, this);
        this.taskRequests = new TaskRequests(server, this);
        this.refusedTools = new RefusedTools(server);
        this.listenRequests = new ListenRequests(this);
        this.rpc.onMalformed(reason -> LOG.debug("mcp {}: skipped a stdout line: {}", server, reason));
    }

    /** Starts reading, sends {@code initialize} (declaring no client capabilities) and {@code notifications/initialized}. */
    public Initialized initialize(String clientVersion, Duration timeout, Cancellation cancellation) {
        return initialize(clientVersion, Json.object(), timeout, cancellation);
    }

    /**
     * Starts reading, sends {@code initialize} declaring {@code clientCapabilities} (roots,
     * sampling, elicitation — see {@link dev.tether.mcp.interaction.ClientCapabilities}) and
     * {@code notifications/initialized}, asking for {@link #PROTOCOL_VERSION}.
     */
    public Initialized initialize(String clientVersion, JsonNode clientCapabilities, Duration timeout,
                                  Cancellation cancellation) {
        return initialize(PROTOCOL_VERSION, clientVersion, clientCapabilities, timeout, cancellation);
    }

    /**
     * As {@link #initialize(String, JsonNode, Duration, Cancellation)}, asking for {@code requested}
     * (one of {@link #SUPPORTED_VERSIONS}: a server pinned to an older revision). The server's answer
     * decides, as negotiation says; any version Tether speaks is accepted.
     */
    public Initialized initialize(String requested, String clientVersion, JsonNode clientCapabilities, Duration timeout,
                                  Cancellation cancellation) {
        if (!SUPPORTED_VERSIONS.contains(requested)) {
            throw new IllegalArgumentException("initialize cannot ask for MCP " + requested);
        }
        startReading();
        ObjectNode params = Json.object();
        params.put("protocolVersion", requested);
        params.set("capabilities", clientCapabilities.deepCopy());
        ObjectNode info = params.putObject("clientInfo");
        info.put("name", "tether");
        info.put("version", clientVersion);
        JsonNode result = await(rpc.request("initialize", params), timeout, cancellation, "initialize",
                McpError.Timeout.Kind.CONNECT);
        String version = McpWire.text(result, "protocolVersion");
        if (version == null || !SUPPORTED_VERSIONS.contains(version)) {
            throw new McpError.Refused(McpError.Refused.Ground.POLICY,
                    "server answered with MCP protocol version " + (version == null ? "(none)" : version)
                    + ", which Tether does not support (it speaks " + String.join(", ", SUPPORTED_VERSIONS) + ")");
        }
        JsonNode serverInfo = result.path("serverInfo");
        JsonNode capabilities = result.get("capabilities");
        Initialized init = new Initialized(version, McpWire.text(serverInfo, "name"), McpWire.text(serverInfo, "version"),
                capabilities == null ? Json.object() : capabilities, McpWire.text(result, "instructions"));
        rpc.notify("notifications/initialized", null);
        this.initialized = init;
        return init;
    }

    /**
     * Starts reading and probes with {@code server/discover} (MCP 2026-07-28) under {@code version}.
     * An answer commits the stateless path: from then on every request carries the envelope. Any
     * error answer or timeout is thrown as it came, for the caller to judge.
     */
    public Initialized discover(String version, String clientVersion, JsonNode clientCapabilities, Duration timeout,
                                Cancellation cancellation) {
        startReading();
        ModernProtocol.Envelope envelope = new ModernProtocol.Envelope(version, clientCapabilities.deepCopy(), clientVersion,
                logLevel);
        JsonNode result = await(rpc.request("server/discover", envelope.stamp(null)), timeout, cancellation,
                "server/discover", McpError.Timeout.Kind.CONNECT);
        Initialized init = ModernProtocol.discovered(version, result);
        this.modern = envelope;
        this.initialized = init;
        return init;
    }

    /** Whether this session speaks the stateless 2026-07-28 revision (no ping, no {@code logging/setLevel}). */
    public boolean stateless() {
        return modern != null;
    }

    /**
     * The log level a 2026-07-28 server is asked for on every request ({@code _meta}
     * {@code io.modelcontextprotocol/logLevel}), which replaces {@code logging/setLevel} there; set
     * before {@link #discover}. Without one such a server sends no log messages.
     */
    public void logLevel(String level) {
        this.logLevel = level;
    }

    /** Sends {@code method}, stamped with the 2026-07-28 envelope when the server speaks it. */
    OutboundCall request(String method, ObjectNode params) {
        return request(method, params, false);
    }

    /** As {@link #request(String, ObjectNode)}; {@code tasks}: the envelope also declares the tasks extension. */
    private OutboundCall request(String method, ObjectNode params, boolean tasks) {
        ModernProtocol.Envelope envelope = modern;
        if (envelope != null && tasks) {
            envelope = envelope.declaring(ExtensionTasks.EXTENSION);
        }
        return rpc.request(method, envelope == null ? params : envelope.stamp(params));
    }

    /** Completes a 2026-07-28 answer that asks for input (see {@link InputRounds}); earlier revisions pass through. */
    private JsonNode settled(String method, ObjectNode params, JsonNode first,
                             java.util.function.Function<ObjectNode, JsonNode> again, boolean tasks, Cancellation cancellation) {
        if (modern == null) {
            return first;
        }
        return InputRounds.settle(method, params == null ? Json.object() : params, first, again, this::serveRequest,
                tasks, cancellation);
    }

    /** Starts the connection's reader once: the probe and {@code initialize} may both come first. */
    private void startReading() {
        if (started.compareAndSet(false, true)) {
            rpc.start();
        }
    }

    public Initialized initialized() {
        return initialized;
    }

    /** Whether the server declared {@code capability} (e.g. {@code tools}) in {@code initialize}. */
    public boolean declares(String capability) {
        Initialized init = initialized;
        JsonNode value = init == null ? null : init.capabilities().get(capability);
        return value != null && value.isObject();
    }

    /**
     * Fails readably when the server did not declare what {@code method} needs; sending it
     * anyway would be a protocol violation that servers answer inconsistently.
     */
    void require(String capability, String method) {
        if (initialized == null) {
            throw new McpError.NotReady(server, ServerStatus.State.CONNECTING, null,
                    method + " cannot be sent before initialize");
        }
        if (!declares(capability)) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                    "server \"" + server + "\" did not declare the " + capability
                    + " capability, so " + method + " is not available");
        }
    }

    /** The cache hint ({@code ttlMs}, {@code cacheScope}) of the last {@code method} list, or null when it carried none. */
    public CacheHint cacheHint(String method) {
        return cacheHints.get(method);
    }

    /** One page of a list method ({@code tools/list}, …), with the size of its JSON. */
    public CatalogFetcher.Page listPage(String method, String capability, String cursor, Duration timeout,
                                        Cancellation cancellation) {
        require(capability, method);
        ObjectNode params = Json.object();
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        JsonNode result = send(method, params, timeout, McpError.Timeout.Kind.LIST, cancellation);
        CacheHint hint = CacheHint.of(result);
        // The first page starts a fetch; the list lives as long as its shortest-lived page.
        cacheHints.compute(method, (m, was) -> cursor == null ? hint : CacheHint.shorter(was, hint));
        return new CatalogFetcher.Page(result, result == null ? 0 : Json.write(result).getBytes(StandardCharsets.UTF_8).length);
    }

    /**
     * The tools the latest {@code tools/list} of a 2026-07-28 server left out for their
     * {@code x-mcp-header} marks, with the reasons (for {@code /mcp}); null when none.
     */
    public String refusedTools() {
        return refusedTools.note();
    }

    /** Lists every tool within {@code bounds}; fails whole (a 2026 tool with invalid header marks is left out, see {@link #refusedTools}). */
    public List<McpToolInfo> listTools(CatalogBounds bounds, Duration pageTimeout, Cancellation cancellation) {
        require("tools", "tools/list");
        // Under the 2026 tasks extension the server decides per call whether it becomes a task: any tool may be started as one.
        McpToolInfo.TaskSupport unstated = modern != null && taskRequests.declaresToolTasks()
                ? McpToolInfo.TaskSupport.OPTIONAL : McpToolInfo.TaskSupport.FORBIDDEN;
        List<McpToolInfo> listed = new CatalogFetcher<>("tools/list", "tools", node -> McpWire.tool(node, unstated),
                McpToolInfo::name, bounds)
                .fetch(cursor -> listPage("tools/list", "tools", cursor, pageTimeout, cancellation));
        return modern == null ? listed : refusedTools.offerable(listed);
    }


    /**
     * Calls a tool. On cancellation or timeout the request is withdrawn with
     * {@code notifications/cancelled} and forgotten.
     *
     * @throws CancelledException {@code cancellation} fired
     * @throws McpError       error answer, timeout, or the connection ended
     */
    public McpCallResult callTool(String name, JsonNode arguments, CallLimits limits, Cancellation cancellation,
                                  Consumer<McpProgress> progress) {
        require("tools", "tools/call");
        String token = "tether-" + nextToken.getAndIncrement();
        AtomicLong lastActivity = new AtomicLong(System.nanoTime());
        double[] highest = {Double.NEGATIVE_INFINITY};
        progressRoutes.put(token, p -> {
            // Only progress that moves forward proves the call is alive (the spec requires it to increase).
            synchronized (highest) {
                if (!(p.progress() > highest[0])) {
                    return;
                }
                highest[0] = p.progress();
            }
            lastActivity.set(System.nanoTime());
            progress.accept(p);
        });
        try {
            ObjectNode params = Json.object();
            params.put("name", name);
            params.set("arguments", arguments == null || arguments.isNull() ? Json.object() : arguments);
            params.putObject("_meta").put("progressToken", token);
            JsonNode first = clock.await(request("tools/call", params), limits, lastActivity, cancellation);
            return McpWire.callResult(settled("tools/call", params, first,
                    again -> clock.await(request("tools/call", again), limits, lastActivity, cancellation), false, cancellation));
        } finally {
            progressRoutes.remove(token);
        }
    }

    /** A routed server request (roots, sampling, elicitation); the time it takes does not count as a call's idle time. */
    JsonNode serveRequest(InboundRequest request) {
        return clock.serving(() -> serverRequests.handle(server, request));
    }

    /**
     * Asks the server to send log messages at {@code level} and above ({@code logging/setLevel}).
     *
     * @throws McpError the server did not declare {@code logging}, refused, or timed out
     */
    public void setLoggingLevel(String level, Duration timeout, Cancellation cancellation) {
        require("logging", "logging/setLevel");
        ObjectNode params = Json.object();
        params.put("level", level);
        await(request("logging/setLevel", params), timeout, cancellation, "logging/setLevel", McpError.Timeout.Kind.REQUEST);
    }

    /**
     * Sends {@code ping} and waits for the empty answer (any method may be pinged, no capability needed).
     *
     * @throws McpError.Timeout no answer within {@code timeout}
     * @throws McpError         an error answer (-32601 from a server that does not implement it), or the connection ended
     */
    public void ping(Duration timeout, Cancellation cancellation) {
        await(request("ping", null), timeout, cancellation, "ping", McpError.Timeout.Kind.REQUEST);
    }

    /**
     * Asks an idle server whether it is alive: {@code ping} up to 2025-11-25; {@code server/discover}
     * for a 2026-07-28 server, whose revision has no ping and whose servers must answer discover
     * at any time (the answer is not read again: the greeting stays what it was).
     *
     * @throws McpError.Timeout no answer within {@code timeout}
     * @throws McpError         an error answer, or the connection ended
     */
    public void checkAlive(Duration timeout, Cancellation cancellation) {
        if (modern == null) {
            ping(timeout, cancellation);
        } else {
            await(request("server/discover", null), timeout, cancellation, "server/discover", McpError.Timeout.Kind.REQUEST);
        }
    }

    /** The {@code subscriptions/listen} streams of a 2026-07-28 session. */
    public ListenRequests listens() {
        return listenRequests;
    }

    /**
     * Whether the server tells this session when its {@code kind} list ({@code tools},
     * {@code prompts}, {@code resources}) changes: it declared {@code listChanged}, and for a
     * 2026-07-28 server an open listen stream also acknowledged that kind.
     */
    public boolean announcesChanges(String kind) {
        Initialized init = initialized;
        return init != null && init.capabilities().path(kind).path("listChanged").asBoolean(false)
                && (modern == null || listenRequests.announces(kind));
    }

    /** Requests of ours waiting for an answer plus requests of the server being answered: nonzero means not idle. */
    public int inFlight() {
        // A listen request is pending for as long as its stream lives: it is not work in flight.
        return rpc.pendingCount() - listenRequests.count() + clock.servingCount();
    }

    /** Tells the server that the roots changed ({@code notifications/roots/list_changed}). */
    public void rootsListChanged() {
        rpc.notify("notifications/roots/list_changed", null);
    }


    private JsonNode await(OutboundCall call, Duration timeout, Cancellation cancellation, String what,
                           McpError.Timeout.Kind kind) {
        try {
            return call.await(cancellation, timeout);
        } catch (JsonRpcException e) {
            if (e.code() == JsonRpcError.REQUEST_CANCELLED && e.getMessage().startsWith("timed out")) {
                throw new McpError.Timeout(kind, what + " timed out after " + timeout.toMillis() + " ms" + Failures.setting(kind));
            }
            throw Failures.of(e, what);
        }
    }

    // ---- Content: resources, templates, subscriptions, prompts, completion ----

    /** One message of a {@code prompts/get} result: {@code role} as sent, its single content block. */
    public record PromptMessage(String role, McpContent content) {}

    /** Routes resource and prompt notifications; set before {@link #initialize}. */
    public void onContent(ContentNotifications listener) {
        this.content = listener == null ? ContentNotifications.NONE : listener;
    }

    /** The resource, prompt and completion requests of this session. */
    public ContentRequests content() {
        return contentRequests;
    }

    /** Sends one request and waits for its answer; errors and timeouts become {@link McpError}. */
    JsonNode send(String method, ObjectNode params, Duration timeout, Cancellation cancellation) {
        return send(method, params, timeout, McpError.Timeout.Kind.REQUEST, cancellation);
    }

    /** As {@link #send(String, ObjectNode, Duration, Cancellation)}, a timeout reported as {@code kind}. */
    JsonNode send(String method, ObjectNode params, Duration timeout, McpError.Timeout.Kind kind,
                  Cancellation cancellation) {
        return send(method, params, timeout, kind, false, cancellation);
    }

    /**
     * As {@link #send(String, ObjectNode, Duration, Cancellation)}; {@code tasks}: the request declares the
     * tasks extension (MCP 2026-07-28), and a task handle is a valid answer.
     */
    JsonNode send(String method, ObjectNode params, Duration timeout, McpError.Timeout.Kind kind, boolean tasks,
                  Cancellation cancellation) {
        JsonNode first = await(request(method, params, tasks), timeout, cancellation, method, kind);
        return settled(method, params, first,
                again -> await(request(method, again, tasks), timeout, cancellation, method, kind), tasks, cancellation);
    }

    /** The task requests of this session. */
    public TaskRequests tasks() {
        return taskRequests;
    }

    /** Routes {@code notifications/tasks/status} (the server's task id); runs on the reader thread, must not block. */
    public void onTaskStatus(Consumer<String> listener) {
        this.taskStatus = listener == null ? id -> {} : listener;
    }

    void taskStatus(JsonNode params) {
        String id = McpWire.text(params, "taskId");
        if (id != null) {
            taskStatus.accept(id);
        }
    }

    void toolsChanged() {
        toolsChanged.run();
    }

    ContentNotifications contentNotifications() {
        return content;
    }

    /** {@code notifications/progress}: to the call that owns the token, if it still runs. */
    void progress(JsonNode params) {
        if (params == null) {
            return;
        }
        JsonNode token = params.get("progressToken");
        Consumer<McpProgress> route = token == null ? null : progressRoutes.get(token.asString(""));
        JsonNode value = params.get("progress");
        if (route == null || value == null || !value.isNumber()) {
            return;
        }
        JsonNode total = params.get("total");
        route.accept(new McpProgress(value.asDouble(), total != null && total.isNumber() ? total.asDouble() : null,
                McpWire.text(params, "message")));
    }

    /** Completes when the connection to the server has ended. */
    public CompletableFuture<Void> closed() {
        return rpc.closed();
    }

    public boolean isClosed() {
        return rpc.isClosed();
    }

    @Override
    public void close() {
        rpc.close();
    }
}
