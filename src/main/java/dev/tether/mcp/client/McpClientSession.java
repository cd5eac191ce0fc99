package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.jsonrpc.CancelProtocol;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.jsonrpc.OutboundCall;
import dev.tether.jsonrpc.SpilledString;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpProgress;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.catalog.CacheHint;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.catalog.CatalogFetcher;
import dev.tether.mcp.content.ContentNotifications;
import dev.tether.mcp.interaction.ServerRequestHandler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tether's MCP client session with one server, on the shared {@link JsonRpcConnection}:
 * the initialize handshake, paginated {@code tools/list}, and {@code tools/call} with the
 * caller's cancellation, an idle timeout refreshed by progress, a hard total timeout and
 * progress routed by token. Every method is checked against the capabilities the server
 * declared before it is sent. The handshake is {@link Handshake}'s; requests go out through
 * {@link RequestSender}; lists are paged by {@link ListPages}. What the server sends on its own is
 * routed by {@link ServerMessages}; resource, prompt and completion requests are {@link ContentRequests}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
public final class McpClientSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpClientSession.class);
    public static final String PROTOCOL_VERSION = "2025-11-25";
    public static final List<String> SUPPORTED_VERSIONS = List.of("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05");

    private final String server;
    private final JsonRpcConnection rpc;
    private final ProgressRoutes progressRoutes = new ProgressRoutes();
    private final ServerMessages messages;
    private final ServerRequestHandler serverRequests;
    private final ContentRequests contentRequests;
    private final TaskRequests taskRequests;
    private final ListenRequests listenRequests;
    private final CallClock clock = new CallClock();
    private final ListPages lists;
    private final RequestSender sender;
    private final Handshake handshake;

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
        this.serverRequests = serverRequests;
        this.messages = new ServerMessages(server, this, serverRequests, toolsChanged, progressRoutes);
        this.rpc = new JsonRpcConnection("mcp-" + server, channel, messages, CancelProtocol.MCP, false);
        this.sender = new RequestSender(rpc, this::serveRequest);
        this.handshake = new Handshake(server, rpc, sender);
        this.contentRequests = new ContentRequests(server, this, sender);
        this.taskRequests = new TaskRequests(server, this, sender);
        this.lists = new ListPages(server, this, sender);
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
        return handshake.initialize(requested, clientVersion, clientCapabilities, timeout, cancellation);
    }

    /**
     * Starts reading and probes with {@code server/discover} (MCP 2026-07-28) under {@code version}.
     * An answer commits the stateless path: from then on every request carries the envelope. Any
     * error answer or timeout is thrown as it came, for the caller to judge.
     */
    public Initialized discover(String version, String clientVersion, JsonNode clientCapabilities, Duration timeout,
                                Cancellation cancellation) {
        return handshake.discover(version, clientVersion, clientCapabilities, timeout, cancellation);
    }

    /** Whether this session speaks the stateless 2026-07-28 revision (no ping, no {@code logging/setLevel}). */
    public boolean stateless() {
        return sender.stateless();
    }

    /**
     * The log level a 2026-07-28 server is asked for on every request ({@code _meta}
     * {@code io.modelcontextprotocol/logLevel}), which replaces {@code logging/setLevel} there; set
     * before {@link #discover}. Without one such a server sends no log messages.
     */
    public void logLevel(String level) {
        handshake.logLevel(level);
    }

    /** Sends {@code method}, stamped with the 2026-07-28 envelope when the server speaks it. */
    OutboundCall request(String method, ObjectNode params) {
        return sender.request(method, params, false);
    }

    public Initialized initialized() {
        return handshake.initialized();
    }

    /** Whether the server declared {@code capability} (e.g. {@code tools}) in {@code initialize}. */
    public boolean declares(String capability) {
        return handshake.declares(capability);
    }

    /**
     * Fails readably when the server did not declare what {@code method} needs; sending it
     * anyway would be a protocol violation that servers answer inconsistently.
     */
    void require(String capability, String method) {
        handshake.require(capability, method);
    }

    /** The cache hint ({@code ttlMs}, {@code cacheScope}) of the last {@code method} list, or null when it carried none. */
    public CacheHint cacheHint(String method) {
        return lists.cacheHint(method);
    }

    /** One page of a list method ({@code tools/list}, …), with the size of its JSON. */
    public CatalogFetcher.Page listPage(String method, String capability, String cursor, Duration timeout,
                                        Cancellation cancellation) {
        return lists.page(method, capability, cursor, timeout, cancellation);
    }

    /**
     * The tools the latest {@code tools/list} of a 2026-07-28 server left out for their
     * {@code x-mcp-header} marks, with the reasons (for {@code /mcp}); null when none.
     */
    public String refusedTools() {
        return lists.refusedTools();
    }

    /** Lists every tool within {@code bounds}; fails whole (a 2026 tool with invalid header marks is left out, see {@link #refusedTools}). */
    public List<McpToolInfo> listTools(CatalogBounds bounds, Duration pageTimeout, Cancellation cancellation) {
        return lists.tools(bounds, pageTimeout, cancellation);
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
        AtomicLong lastActivity = new AtomicLong(System.nanoTime());
        String token = progressRoutes.open(lastActivity, progress);
        try {
            ObjectNode params = Json.object();
            params.put("name", name);
            params.set("arguments", arguments == null || arguments.isNull() ? Json.object() : arguments);
            params.putObject("_meta").put("progressToken", token);
            // Long text items may arrive in spill files: every answer but the one mapped gives its files back.
            List<JsonNode> answers = new ArrayList<>();
            Function<ObjectNode, JsonNode> send = p -> {
                JsonNode answer = clock.await(sender.request("tools/call", p, false, true), limits, lastActivity, cancellation);
                answers.add(answer);
                return answer;
            };
            try {
                JsonNode settled = sender.settled("tools/call", params, send.apply(params), send, false, cancellation);
                McpCallResult result = McpWire.callResult(settled);
                answers.removeIf(a -> a == settled);
                return result;
            } finally {
                answers.forEach(SpilledString::release);
            }
        } finally {
            progressRoutes.close(token);
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
        RequestSender.await(request("logging/setLevel", params), timeout, cancellation, "logging/setLevel",
                McpError.Timeout.Kind.REQUEST);
    }

    /**
     * Sends {@code ping} and waits for the empty answer (any method may be pinged, no capability needed).
     *
     * @throws McpError.Timeout no answer within {@code timeout}
     * @throws McpError         an error answer (-32601 from a server that does not implement it), or the connection ended
     */
    public void ping(Duration timeout, Cancellation cancellation) {
        RequestSender.await(request("ping", null), timeout, cancellation, "ping", McpError.Timeout.Kind.REQUEST);
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
        if (!stateless()) {
            ping(timeout, cancellation);
        } else {
            RequestSender.await(request("server/discover", null), timeout, cancellation, "server/discover",
                    McpError.Timeout.Kind.REQUEST);
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
        Initialized init = handshake.initialized();
        return init != null && init.capabilities().path(kind).path("listChanged").asBoolean(false)
                && (!stateless() || listenRequests.announces(kind));
    }

    /** Requests of ours waiting for an answer plus requests of the server being answered: nonzero means not idle. */
    public int inFlight() {
        // A listen request is pending for as long as its stream lives: it is not work in flight.
        return rpc.pendingCount() - listenRequests.count() + clock.servingCount();
    }

    // ---- Content: resources, templates, subscriptions, prompts, completion ----

    /** One message of a {@code prompts/get} result: {@code role} as sent, its single content block. */
    public record PromptMessage(String role, McpContent content) {}

    /** Routes resource and prompt notifications; set before {@link #initialize}. */
    public void onContent(ContentNotifications listener) {
        messages.onContent(listener);
    }

    /** The resource, prompt and completion requests of this session. */
    public ContentRequests content() {
        return contentRequests;
    }

    /** The task requests of this session. */
    public TaskRequests tasks() {
        return taskRequests;
    }

    /** Routes {@code notifications/tasks/status} (the server's task id); runs on the reader thread, must not block. */
    public void onTaskStatus(Consumer<String> listener) {
        messages.onTaskStatus(listener);
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
