package dev.tether.mcp.transport;

import dev.tether.base.net.Network;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.LineChannel;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * MCP streamable HTTP on the JDK {@link HttpClient}: each message is a POST whose answer is
 * JSON or an SSE stream; the {@code Mcp-Session-Id} from the initialize answer and the
 * negotiated {@code MCP-Protocol-Version} go on every later request; the standalone GET stream
 * is opened after initialisation when the server offers one; close sends DELETE. An SSE stream
 * that ends before the answer it carries is resumed with GET and {@code Last-Event-ID} after the
 * server's {@code retry:} delay, a bounded number of times. Transport failures of a request come
 * back as a JSON-RPC error answer for that request, so the caller reads them where it waits —
 * among them an answer body or SSE event longer than the message limit (at most the limit plus
 * one byte of it is read; the connection stays up for the next request) and any exception or
 * {@link Error} in the thread that posted it.
 * (Why not the SDK transport: docs/reference/decisions.md.)
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#streamable-http">MCP streamable HTTP</a>
 */
public final class HttpTransport implements MessageChannel {
    private static final Logger LOG = LoggerFactory.getLogger(HttpTransport.class);
    public static final String SESSION_NOT_FOUND = "the server no longer knows this session (HTTP 404)";
    /**
     * The code of the error answer made up for a request the server refused with 404: the one servers
     * use for "session not found", so a caller tells a lost session apart the same way on every transport.
     */
    public static final int SESSION_NOT_FOUND_CODE = -32001;
    public static final String AUTH_REQUIRED = "server requires authorization, and OAuth is not enabled for it";

    private final McpServerSpec.Http spec;
    private final Duration connectTimeout;
    private final HttpClient client;
    private final ReentrantLock deliver = new ReentrantLock();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicBoolean getStreamStarted = new AtomicBoolean();
    /** Requests whose answer has not been delivered yet, by their id as JSON text. */
    private final Set<String> awaiting = ConcurrentHashMap.newKeySet();
    private final AtomicLong delivered = new AtomicLong();
    private volatile Listener listener;
    private volatile SessionLostException sessionLost;
    private final HttpSession session;
    private final HttpAuthorization authorization;
    private final AuthorizedPost posts;
    private final SseStreams streams;
    private final int maxMessageBytes;
    private final ToolHeaderBook toolHeaders = new ToolHeaderBook();
    private final AnswerStreams answerStreams;

    public HttpTransport(McpServerSpec.Http spec, Duration connectTimeout) {
        this(spec, connectTimeout, HttpAuthorization.NONE);
    }

    public HttpTransport(McpServerSpec.Http spec, Duration connectTimeout, HttpAuthorization authorization) {
        this(spec, connectTimeout, authorization, LineChannel.DEFAULT_MAX_LINE_BYTES);
    }

    /** {@code maxMessageBytes} caps one answer body or SSE event ({@code mcp.maxMessageMegabytes}). */
    public HttpTransport(McpServerSpec.Http spec, Duration connectTimeout, HttpAuthorization authorization, int maxMessageBytes) {
        this(spec, connectTimeout, authorization, maxMessageBytes, Network.DIRECT);
    }

    /** As above, reaching the server through {@code network}'s proxies and trust. */
    public HttpTransport(McpServerSpec.Http spec, Duration connectTimeout, HttpAuthorization authorization, int maxMessageBytes,
                         Network network) {
        this.spec = spec;
        this.connectTimeout = connectTimeout;
        this.maxMessageBytes = maxMessageBytes;
        this.authorization = authorization;
        this.session = new HttpSession(spec, authorization);
        this.answerStreams = new AnswerStreams(spec.name(), awaiting);
        this.client = network.httpClient()
                .connectTimeout(connectTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.posts = new AuthorizedPost(client, () -> session.request("POST"), authorization);
        this.streams = new SseStreams(spec.name(), client, () -> session.request("GET"),
                new SseStreams.Inbox(this::deliverText, awaiting::contains, delivered::get, closed::get), maxMessageBytes);
    }

    @Override
    public void start(Listener listener) {
        this.listener = listener;
    }

    @Override
    public void send(JsonNode message) {
        if (closed.get()) {
            throw new UncheckedIOException(new IOException("transport closed"));
        }
        String method = message.path("method").asString(null);
        JsonNode id = message.get("id");
        session.sending(method, message);
        // Sending must not block the caller (a call's answer may stream for minutes).
        if ("notifications/cancelled".equals(method)) {
            answerStreams.cancel(message.path("params").get("requestId"));
        }
        Thread.ofVirtual().name("mcp-" + spec.name() + "-post").start(() -> post(message, id));
        if ("notifications/initialized".equals(method) && getStreamStarted.compareAndSet(false, true)) {
            Thread.ofVirtual().name("mcp-" + spec.name() + "-get").start(streams::listen);
        }
    }

    private void post(JsonNode message, JsonNode id) {
        boolean isRequest = id != null && message.has("method");
        String key = isRequest ? key(id) : null;
        if (isRequest) {
            awaiting.add(key);
        }
        String text = Json.write(message);
        try {
            java.util.Map<String, String> modern = new java.util.LinkedHashMap<>(ModernHeaders.of(message));
            if (!modern.isEmpty()) {
                modern.putAll(toolHeaders.headers(message));
            }
            toolHeaders.sending(message, !modern.isEmpty());
            AuthorizedPost.Answer answer = posts.send(text, modern);
            HttpResponse<InputStream> response = answer.response();
            int status = response.statusCode();
            session.answered(response);
            if (status == 401 || status == 403) {
                response.body().close();
                failRequest(isRequest, id, answer.signIn() ? McpError.ErrorAnswer.SIGN_IN_REQUIRED : JsonRpcError.INTERNAL_ERROR,
                        answer.refusal() == null ? AUTH_REQUIRED : answer.refusal());
                return;
            }
            if (status == 404 && session.id() != null) {
                response.body().close();
                sessionLost(isRequest, id);
                return;
            }
            if (status >= 400 && status < 500 && isRequest && !modern.isEmpty()
                    && StatelessErrors.deliver(response, id, maxMessageBytes, this::deliver)) {
                return;
            }
            if (status < 200 || status >= 300) {
                response.body().close();
                failRequest(isRequest, id, "server answered HTTP " + status);
                return;
            }
            String type = response.headers().firstValue("Content-Type").orElse("").toLowerCase(Locale.ROOT);
            if (type.startsWith("text/event-stream")) {
                if (key != null && !modern.isEmpty()) {
                    answerStreams.reading(key, response.body());
                }
                streams.answer(response.body(), key).ifPresent(unanswered -> {
                    if (unanswered.status() == 404 && session.id() != null) {
                        sessionLost(true, id);
                    } else {
                        failRequest(true, id, unanswered.reason());
                    }
                });
                return;
            }
            try (InputStream body = response.body()) {
                if (type.startsWith("application/json")) {
                    long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
                    // Read at most one byte past the limit: enough to know the answer is too long.
                    byte[] bytes = declared > maxMessageBytes ? null : body.readNBytes(maxMessageBytes + 1);
                    if (bytes == null || bytes.length > maxMessageBytes) {
                        LOG.warn("mcp {}: dropped an answer longer than {} bytes", spec.name(), maxMessageBytes);
                        failRequest(isRequest, id, OversizeLines.tooLarge(maxMessageBytes));
                        return;
                    }
                    deliverText(new String(bytes, StandardCharsets.UTF_8));
                } else if (isRequest && status != 202) {
                    failRequest(true, id, "server answered with content type \"" + type + "\"");
                }
            }
        } catch (IOException e) {
            if (!closed.get()) {
                String reason = TerminalErrors.describe(e, spec.url(), connectTimeout);
                if (TerminalErrors.isTerminalExchange(e)) {
                    // Refused, reset, closed, unreachable: the connection is over, and recovery may start a new one.
                    // Closed first, with the words: whoever waits sees a closed connection and reads why.
                    terminate(new IOException(reason, e));
                }
                failRequest(isRequest, id, reason);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            // Without this the thread would die quietly and the caller wait for an answer that never comes.
            LOG.warn("mcp {}: a request failed in the transport: {}", spec.name(), e.toString());
            if (!closed.get() && key != null && awaiting.contains(key)) {
                failRequest(isRequest, id, "the request failed in Tether's HTTP transport (" + e.getClass().getSimpleName() + ")");
            }
        } finally {
            if (key != null) {
                awaiting.remove(key);
                answerStreams.done(key);
            }
        }
    }

    private static String key(JsonNode id) {
        return Json.write(id);
    }

    private void deliverText(String text) {
        if (text.isBlank()) {
            return;
        }
        JsonNode node;
        try {
            node = Json.parse(text);
        } catch (JacksonException e) {
            deliverMalformed("not valid JSON");
            return;
        }
        if (node.isArray()) {
            node.forEach(this::deliver);
        } else {
            deliver(node);
        }
    }

    private void deliver(JsonNode message) {
        session.received(message);
        JsonNode id = message.get("id");
        if (id != null && !message.has("method")) {
            awaiting.remove(key(id));
            toolHeaders.received(message);
        }
        delivered.incrementAndGet();
        deliver.lock();
        try {
            if (!closed.get()) {
                listener.onMessage(message);
            }
        } finally {
            deliver.unlock();
        }
    }

    private void deliverMalformed(String reason) {
        deliver.lock();
        try {
            listener.onMalformed(reason);
        } finally {
            deliver.unlock();
        }
    }

    /** Answers a request that failed in transport with a JSON-RPC error, so its caller hears at once. */
    private void failRequest(boolean isRequest, JsonNode id, String reason) {
        failRequest(isRequest, id, JsonRpcError.INTERNAL_ERROR, reason);
    }

    private void failRequest(boolean isRequest, JsonNode id, int code, String reason) {
        LOG.debug("mcp {}: {}", spec.name(), reason);
        if (!isRequest) {
            return;
        }
        ObjectNode error = Json.object();
        error.put("jsonrpc", "2.0");
        error.set("id", id);
        ObjectNode body = error.putObject("error");
        body.put("code", code);
        body.put("message", reason);
        deliver(error);
    }

    /** The server answered 404 to a request in our session: it forgot the session, so the transport ends. */
    private void sessionLost(boolean isRequest, JsonNode id) {
        SessionLostException lost = new SessionLostException(SESSION_NOT_FOUND);
        // Set before the answer goes out: whoever closes the transport on hearing it, the cause is this.
        sessionLost = lost;
        failRequest(isRequest, id, SESSION_NOT_FOUND_CODE, SESSION_NOT_FOUND);
        terminate(lost);
    }

    /** The server forgot our session: the transport ends with this cause, and the runtime may recover. */
    public static final class SessionLostException extends IOException {
        public SessionLostException(String message) {
            super(message);
        }
    }

    @Override
    public void close() {
        terminate(null);
    }

    /**
     * Ends the transport because of {@code cause} (a terminal transport error), or, when it is
     * null, because its owner closes it: then the session ends with DELETE.
     */
    private void terminate(Throwable why) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        Throwable cause = why != null ? why : sessionLost;
        streams.close();
        authorization.close();
        if (cause == null) {
            session.delete(client);
        }
        client.shutdownNow();
        Listener l = listener;
        if (l != null) {
            l.onClosed(cause);
        }
    }
}
