package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.jsonrpc.CancelProtocol;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.jsonrpc.MessageChannel;
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
import java.util.Optional;
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
 * the handshake, paginated {@code tools/list}, and {@code tools/call} with the
 * caller's cancellation, an idle timeout refreshed by progress, a hard total timeout and
 * progress routed by token. Every method is checked against the capabilities the server
 * declared before it is sent. The handshake ({@link Handshake}) commits the {@link Revision} the
 * server speaks — {@link Stateful2025} after {@code initialize}, {@link Stateless2026} after
 * {@code server/discover} — and from then on the session and its helpers ask it wherever the
 * revisions differ. Requests go out through {@link RequestSender}; lists are paged by
 * {@link ListPages}. What the server sends on its own is routed by {@link ServerMessages}; resource,
 * prompt and completion requests are {@link ContentRequests}; tasks are the revision's {@link TaskRequests}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP lifecycle</a>
 */
public final class McpClientSession implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(McpClientSession.class);

    private final JsonRpcConnection rpc;
    private final ProgressRoutes progressRoutes = new ProgressRoutes();
    private final CallClock clock = new CallClock();
    private final ServerMessages messages;
    private final RequestSender sender;
    private final Handshake handshake;
    private final ListPages lists;
    private final ContentRequests contentRequests;
    private final ListenRequests listenRequests;

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
        // A routed server request (roots, sampling, elicitation), here or embedded in an input round or a
        // task's input: the time it takes does not count as a call's idle time.
        CallClock calls = clock;
        InputRounds.Answerer answerer = request -> calls.serving(() -> serverRequests.handle(server, request));
        this.messages = new ServerMessages(server, answerer, serverRequests, toolsChanged, progressRoutes);
        this.rpc = new JsonRpcConnection("mcp-" + server, channel, messages, CancelProtocol.MCP, false);
        this.sender = new RequestSender(rpc);
        sender.commit(Stateful2025.ungreeted(server, sender));
        this.listenRequests = new ListenRequests(sender);
        messages.onListens(listenRequests);
        this.handshake = new Handshake(server, rpc, sender, answerer, listenRequests);
        this.lists = new ListPages(sender);
        this.contentRequests = new ContentRequests(sender, lists);
        this.rpc.onMalformed(reason -> LOG.debug("mcp {}: skipped a stdout line: {}", server, reason));
    }

    /** Starts reading, sends {@code initialize} (declaring no client capabilities) and {@code notifications/initialized}. */
    public Initialized initialize(String clientVersion, Duration timeout, Cancellation cancellation) {
        return initialize(clientVersion, Json.object(), timeout, cancellation);
    }

    /**
     * Starts reading, sends {@code initialize} declaring {@code clientCapabilities} (roots,
     * sampling, elicitation — see {@link dev.tether.mcp.interaction.ClientCapabilities}) and
     * {@code notifications/initialized}, asking for {@link Stateful2025#VERSION}.
     */
    public Initialized initialize(String clientVersion, JsonNode clientCapabilities, Duration timeout,
                                  Cancellation cancellation) {
        return initialize(Stateful2025.VERSION, clientVersion, clientCapabilities, timeout, cancellation);
    }

    /**
     * As {@link #initialize(String, JsonNode, Duration, Cancellation)}, asking for {@code requested}
     * (one of {@link Stateful2025#VERSIONS}: a server pinned to an older revision). The server's answer
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

    /**
     * The log level the server is asked for; set before the greeting. A 2026-07-28 server gets it on
     * every request ({@code _meta} {@code io.modelcontextprotocol/logLevel}; without one it sends no
     * log messages); an earlier one once {@link #applyLogLevel} sends {@code logging/setLevel}.
     */
    public void logLevel(String level) {
        handshake.logLevel(level);
    }

    /** What the server said about itself in its greeting; null before one. */
    public Initialized initialized() {
        return sender.revision().initialized();
    }

    /** Whether the server declared {@code capability} (e.g. {@code tools}) in its greeting. */
    public boolean declares(String capability) {
        return sender.revision().declares(capability);
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
        return sender.revision().refusedTools();
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
        sender.revision().require("tools", "tools/call");
        AtomicLong lastActivity = new AtomicLong(System.nanoTime());
        String token = progressRoutes.open(lastActivity, progress);
        try {
            ObjectNode params = McpWire.toolCall(name, arguments);
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

    /**
     * After the greeting: asks the server for the {@linkplain #logLevel log level} as its revision
     * takes it — {@code logging/setLevel} up to 2025-11-25, when the server declared {@code logging}
     * (after every (re)connect, since a new session starts at the server's own default); nothing on
     * 2026-07-28, where the level rides every request.
     *
     * @throws McpError the server refused, or timed out
     */
    public void applyLogLevel(Duration timeout, Cancellation cancellation) {
        sender.revision().applyLogLevel(timeout, cancellation);
    }

    /**
     * Sends {@code ping} and waits for the empty answer (any method may be pinged, no capability needed).
     *
     * @throws McpError.Timeout no answer within {@code timeout}
     * @throws McpError         an error answer (-32601 from a server that does not implement it), or the connection ended
     */
    public void ping(Duration timeout, Cancellation cancellation) {
        probe("ping", timeout, cancellation);
    }

    /**
     * The request {@link #checkAlive} sends: {@code ping} up to 2025-11-25; {@code server/discover}
     * on 2026-07-28, whose revision has no ping and whose servers must answer discover at any time.
     */
    public String healthProbe() {
        return sender.revision().healthProbe();
    }

    /**
     * Asks an idle server whether it is alive with its revision's {@link #healthProbe} (a discover
     * answer is not read again: the greeting stays what it was).
     *
     * @throws McpError.Timeout no answer within {@code timeout}
     * @throws McpError         an error answer, or the connection ended
     */
    public void checkAlive(Duration timeout, Cancellation cancellation) {
        probe(healthProbe(), timeout, cancellation);
    }

    private void probe(String method, Duration timeout, Cancellation cancellation) {
        RequestSender.await(sender.request(method, null, false), timeout, cancellation, method, McpError.Timeout.Kind.REQUEST);
    }

    /**
     * The {@code subscriptions/listen} requests of this session: present on 2026-07-28, whose listen
     * streams replace the GET stream and {@code resources/subscribe}; empty on earlier revisions.
     */
    public Optional<ListenRequests> listens() {
        return sender.revision().listens();
    }

    /**
     * Whether the server tells this session when its {@code kind} list ({@code tools},
     * {@code prompts}, {@code resources}) changes: it declared {@code listChanged}, and for a
     * 2026-07-28 server an open listen stream also acknowledged that kind.
     */
    public boolean announcesChanges(String kind) {
        return sender.revision().announcesChanges(kind);
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

    /** The task requests of this session, as its revision has them. */
    public TaskRequests tasks() {
        return sender.revision().tasks();
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
