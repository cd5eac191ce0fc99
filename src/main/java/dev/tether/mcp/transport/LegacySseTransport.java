package dev.tether.mcp.transport;

import dev.tether.base.net.Network;
import dev.tether.base.sse.SseParser;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The legacy HTTP+SSE transport of MCP 2024-11-05: one long GET event stream whose first
 * {@code endpoint} event names the URL to POST messages to; the server's messages, answers
 * included, arrive as {@code message} events on that stream. The announced endpoint must have
 * the stream's origin (scheme, host and port) — a server that names another host would receive
 * every request and its headers — so any other is refused ({@link EndpointOrigin}).
 *
 * <p>Bounded like {@link HttpTransport}: the endpoint must arrive within the connect timeout, a
 * line or event over the message limit ends the stream (it cannot be resynchronised), and every
 * POST has the connect timeout for its acknowledgement. The stream ending, a POST answered 404 or
 * a refused connection end the transport with a cause, so the runtime recovers with a new stream.
 * POSTs go out one at a time, in the order sent.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2024-11-05/basic/transports#http-with-sse">MCP 2024-11-05 HTTP with SSE</a>
 */
public final class LegacySseTransport implements MessageChannel {
    private static final Logger LOG = LoggerFactory.getLogger(LegacySseTransport.class);
    /** The most of a POST's acknowledgement body that is read (and dropped): answers come on the stream. */
    private static final int MAX_ACK_BYTES = 64 * 1024;

    private final McpServerSpec.Sse spec;
    private final HttpClient client;
    private final HttpAuthorization authorization;
    private final Duration timeout;
    private final int maxMessageBytes;
    private final CompletableFuture<URI> endpoint = new CompletableFuture<>();
    private final CountDownLatch started = new CountDownLatch(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private final ExecutorService posts;
    private volatile Listener listener;
    private volatile InputStream stream;
    private volatile Throwable endCause;
    private final AtomicBoolean endReported = new AtomicBoolean();
    /** Requests whose answer has not arrived yet, by their id as JSON text: failed with the reason when the stream ends. */
    private final Map<String, JsonNode> awaiting = new ConcurrentHashMap<>();

    private LegacySseTransport(McpServerSpec.Sse spec, Duration timeout, HttpAuthorization authorization, int maxMessageBytes,
                               Network network) {
        this.spec = spec;
        this.timeout = timeout;
        this.authorization = authorization;
        this.maxMessageBytes = maxMessageBytes;
        this.client = network.httpClient().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
        this.posts = Executors.newSingleThreadExecutor(Thread.ofVirtual().name("mcp-" + spec.name() + "-post").factory());
    }

    /**
     * Opens the event stream and waits (at most {@code timeout}) for the POST endpoint it announces.
     *
     * @throws McpError.Refused the endpoint has another origin than the stream
     * @throws IOException      the stream could not be opened, or ended or stayed silent before the endpoint
     */
    public static LegacySseTransport open(McpServerSpec.Sse spec, Duration timeout, HttpAuthorization authorization,
                                          int maxMessageBytes, Network network) throws IOException {
        LegacySseTransport transport = new LegacySseTransport(spec, timeout, authorization, maxMessageBytes, network);
        try {
            transport.connect();
            return transport;
        } catch (IOException | RuntimeException e) {
            transport.close();
            throw e;
        }
    }

    private void connect() throws IOException {
        URI streamUri = URI.create(spec.url());
        HttpResponse<InputStream> response = new EventStreamGet(client, spec.headers(), authorization, timeout).open(streamUri);
        stream = response.body();
        Thread.ofVirtual().name("mcp-" + spec.name() + "-sse").start(() -> read(streamUri, response.body()));
        try {
            endpoint.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException("the server's event stream announced no POST endpoint within " + timeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the server's POST endpoint");
        } catch (ExecutionException e) {
            switch (e.getCause()) {
                case McpError m -> throw m;
                case IOException io -> throw io;
                default -> throw new IOException("the server's event stream failed: " + e.getCause());
            }
        }
    }

    /** Reads the stream to its end: the endpoint first, then messages; its end ends the transport. */
    private void read(URI streamUri, InputStream body) {
        Throwable cause;
        try (body) {
            new SseParser(maxMessageBytes, "", -1).read(body, event -> {
                switch (event.type()) {
                    case "endpoint" -> announced(streamUri, event.data());
                    case "message" -> deliverText(event.data());
                    default -> LOG.debug("mcp {}: ignored an event of type {}", spec.name(), event.type());
                }
                return !closed.get();
            });
            cause = new IOException("the server closed its event stream");
        } catch (SseParser.TooLarge e) {
            LOG.warn("mcp {}: {}", spec.name(), e.getMessage());
            cause = new IOException(OversizeLines.tooLarge(maxMessageBytes) + "; the event stream was given up");
        } catch (IOException e) {
            cause = e;
        } catch (RuntimeException | Error e) {
            LOG.warn("mcp {}: the event stream failed: {}", spec.name(), e.toString());
            cause = new IOException("the event stream failed in Tether's SSE transport (" + e.getClass().getSimpleName() + ")");
        }
        if (!endpoint.isDone()) {
            endpoint.completeExceptionally(cause instanceof IOException io && !closed.get() ? new IOException(
                    "the server's event stream ended before it announced a POST endpoint (" + io.getMessage() + ")") : cause);
        }
        terminate(cause);
    }

    private void announced(URI streamUri, String data) {
        if (endpoint.isDone()) {
            LOG.debug("mcp {}: ignored a second endpoint event", spec.name());
            return;
        }
        try {
            endpoint.complete(EndpointOrigin.check(streamUri, data.strip()));
        } catch (McpError.Refused e) {
            LOG.warn("mcp {}: {}", spec.name(), e.getMessage());
            endpoint.completeExceptionally(e);
        }
    }

    @Override
    public void start(Listener listener) {
        this.listener = listener;
        started.countDown();
        if (closed.get()) {
            reportEnd(listener);
        }
    }

    @Override
    public void send(JsonNode message) {
        if (closed.get()) {
            throw new UncheckedIOException(new IOException("transport closed"));
        }
        JsonNode id = message.has("method") ? message.get("id") : null;
        if (id != null) {
            awaiting.put(Json.write(id), id);
        }
        try {
            posts.execute(() -> post(message, id));
        } catch (java.util.concurrent.RejectedExecutionException e) {
            throw new UncheckedIOException(new IOException("transport closed"));
        }
    }

    private void post(JsonNode message, JsonNode id) {
        if (closed.get()) {
            return;
        }
        URI target = endpoint.resultNow();
        AuthorizedPost poster = new AuthorizedPost(client, () -> request(target), authorization);
        try {
            AuthorizedPost.Answer answer = poster.send(Json.write(message));
            int status = answer.response().statusCode();
            try (InputStream ack = answer.response().body()) {
                ack.readNBytes(MAX_ACK_BYTES);
            }
            if (status == 401 || status == 403) {
                failRequest(id, answer.signIn() ? McpError.ErrorAnswer.SIGN_IN_REQUIRED : JsonRpcError.INTERNAL_ERROR,
                        answer.refusal() == null ? HttpTransport.AUTH_REQUIRED : answer.refusal());
            } else if (status == 404) {
                failRequest(id, JsonRpcError.INTERNAL_ERROR, HttpTransport.SESSION_NOT_FOUND);
                terminate(new HttpTransport.SessionLostException(HttpTransport.SESSION_NOT_FOUND));
            } else if (status < 200 || status >= 300) {
                failRequest(id, JsonRpcError.INTERNAL_ERROR, "server answered HTTP " + status);
            }
        } catch (IOException e) {
            if (!closed.get()) {
                String reason = TerminalErrors.describe(e, spec.url(), timeout);
                failRequest(id, JsonRpcError.INTERNAL_ERROR, reason);
                if (e instanceof java.net.ConnectException) {
                    terminate(new IOException(reason, e));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException | Error e) {
            LOG.warn("mcp {}: a request failed in the transport: {}", spec.name(), e.toString());
            failRequest(id, JsonRpcError.INTERNAL_ERROR, "the request failed in Tether's SSE transport ("
                    + e.getClass().getSimpleName() + ")");
        }
    }

    private HttpRequest.Builder request(URI target) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(target).timeout(timeout);
        spec.headers().forEach(builder::header);
        authorization.headers("POST", target).forEach(builder::setHeader);
        return builder;
    }

    private void deliverText(String text) {
        if (text.isBlank() || !awaitStart()) {
            return;
        }
        JsonNode node;
        try {
            node = Json.parse(text);
        } catch (JacksonException e) {
            synchronized (this) {
                listener.onMalformed("not valid JSON");
            }
            return;
        }
        if (node.isArray()) {
            node.forEach(this::emit);
        } else {
            emit(node);
        }
    }

    /** Messages wait until someone listens; false once the transport is closed. */
    private boolean awaitStart() {
        try {
            while (!started.await(100, TimeUnit.MILLISECONDS)) {
                if (closed.get()) {
                    return false;
                }
            }
            return !closed.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Answers a request that failed in transport with a JSON-RPC error, so its caller hears at once. */
    private void failRequest(JsonNode id, int code, String reason) {
        LOG.debug("mcp {}: {}", spec.name(), reason);
        if (id == null || closed.get() || !awaitStart()) {
            return;
        }
        ObjectNode error = Json.object();
        error.put("jsonrpc", "2.0");
        error.set("id", id);
        error.putObject("error").put("code", code).put("message", reason);
        emit(error);
    }

    /** The listener hears one message at a time: stream messages and transport failures come from two threads. */
    private synchronized void emit(JsonNode message) {
        JsonNode id = message.get("id");
        if (id != null && !message.has("method")) {
            awaiting.remove(Json.write(id));
        }
        if (!closed.get()) {
            listener.onMessage(message);
        }
    }

    private void reportEnd(Listener l) {
        if (l != null && endReported.compareAndSet(false, true)) {
            l.onClosed(endCause);
        }
    }

    @Override
    public void close() {
        terminate(null);
    }

    /** Ends the transport: by its owner (null) or because of a terminal transport error. */
    private void terminate(Throwable cause) {
        if (cause != null && !closed.get() && started.getCount() == 0) {
            // Their answers would have come on the stream: each waiting request hears why it never will.
            for (JsonNode id : awaiting.values()) {
                failRequest(id, JsonRpcError.INTERNAL_ERROR, cause.getMessage());
            }
        }
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        endCause = cause;
        posts.shutdownNow();
        InputStream body = stream;
        if (body != null) {
            try {
                body.close();
            } catch (IOException e) {
                LOG.debug("mcp {}: closing the event stream: {}", spec.name(), e.toString());
            }
        }
        authorization.close();
        client.shutdownNow();
        reportEnd(listener);
    }
}
