package dev.tether.mcp.transport.websocket;

import dev.tether.base.net.Network;
import dev.tether.json.Json;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.transport.OversizeLines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * MCP over a WebSocket, on the JDK's {@link WebSocket} client: subprotocol {@code mcp}, one
 * JSON-RPC message per text message (fragments are assembled). A message longer than the message
 * limit is dropped as it arrives (only its ends are kept, to find its id) and the request it
 * answered fails at once; the connection stays up. The server closing the socket, or the socket
 * failing, ends the transport with a cause, so the runtime recovers with a new connection. Sends
 * are queued: the JDK client takes one at a time.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc6455">RFC 6455</a>
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#custom-transports">MCP custom transports</a>
 */
public final class WebSocketTransport implements MessageChannel {
    private static final Logger LOG = LoggerFactory.getLogger(WebSocketTransport.class);
    /** The subprotocol asked for in the handshake. */
    public static final String SUBPROTOCOL = "mcp";
    /** How long a clean close waits for the server's close frame before the socket is dropped. */
    private static final Duration CLOSE_WAIT = Duration.ofSeconds(1);

    private final McpServerSpec.WebSocket spec;
    private final HttpClient client;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CompletableFuture<Listener> listening = new CompletableFuture<>();
    private final Object sendLock = new Object();
    private final WebSocketMessages messages;
    private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);
    private volatile WebSocket socket;

    private WebSocketTransport(McpServerSpec.WebSocket spec, Duration timeout, int maxMessageBytes, Network network) {
        this.spec = spec;
        this.client = network.httpClient().connectTimeout(timeout).build();
        this.messages = new WebSocketMessages(maxMessageBytes);
    }

    /**
     * Connects (at most {@code timeout} for the handshake).
     *
     * @throws IOException the URL is not ws(s), a header cannot be sent, or the handshake failed
     */
    public static WebSocketTransport open(McpServerSpec.WebSocket spec, Duration timeout, int maxMessageBytes, Network network)
            throws IOException {
        URI uri;
        try {
            uri = URI.create(spec.url());
        } catch (IllegalArgumentException e) {
            throw new IOException("the server's URL is not valid");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("ws") && !scheme.equals("wss")) {
            throw new IOException("a WebSocket server needs a ws:// or wss:// URL");
        }
        WebSocketTransport transport = new WebSocketTransport(spec, timeout, maxMessageBytes, network);
        try {
            transport.connect(uri, timeout);
            return transport;
        } catch (IOException | RuntimeException e) {
            transport.client.shutdownNow();
            throw e;
        }
    }

    private void connect(URI uri, Duration timeout) throws IOException {
        WebSocket.Builder builder = client.newWebSocketBuilder().subprotocols(SUBPROTOCOL).connectTimeout(timeout);
        for (var header : spec.headers().entrySet()) {
            try {
                builder.header(header.getKey(), header.getValue());
            } catch (IllegalArgumentException e) {
                throw new IOException("the header \"" + header.getKey() + "\" cannot be sent in a WebSocket handshake");
            }
        }
        try {
            socket = builder.buildAsync(uri, new Receiver()).get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IOException("the WebSocket handshake did not finish within " + timeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted during the WebSocket handshake");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof WebSocketHandshakeException refused) {
                throw new IOException("the server refused the WebSocket handshake (HTTP " + refused.getResponse().statusCode() + ")");
            }
            throw new IOException("cannot open the WebSocket: " + (cause.getMessage() == null
                    ? cause.getClass().getSimpleName() : cause.getMessage()));
        }
    }

    @Override
    public void start(Listener listener) {
        listening.complete(listener);
    }

    @Override
    public void send(JsonNode message) {
        WebSocket ws = socket;
        if (closed.get() || ws == null) {
            throw new UncheckedIOException(new IOException("transport closed"));
        }
        String text = Json.write(message);
        synchronized (sendLock) {
            sending = sending.thenCompose(done -> ws.sendText(text, true)).whenComplete((done, failure) -> {
                if (failure != null && !closed.get()) {
                    terminate(new IOException("sending to the server failed: " + failure.getMessage()));
                }
            });
        }
    }

    @Override
    public void close() {
        WebSocket ws = socket;
        if (closed.get() || ws == null) {
            terminate(null);
            return;
        }
        try {
            ws.sendClose(WebSocket.NORMAL_CLOSURE, "").get(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            LOG.debug("mcp {}: close frame not sent: {}", spec.name(), e.toString());
        }
        terminate(null);
    }

    /** Ends the transport: by its owner (null) or because of a terminal transport error. */
    private void terminate(Throwable cause) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        WebSocket ws = socket;
        if (ws != null) {
            ws.abort();
        }
        client.shutdownNow();
        listening.thenAccept(l -> l.onClosed(cause));
    }

    private void deliver(Listener listener, String text) {
        JsonNode node;
        try {
            node = Json.parse(text);
        } catch (JacksonException e) {
            listener.onMalformed("not valid JSON");
            return;
        }
        if (node.isArray()) {
            node.forEach(listener::onMessage);
        } else {
            listener.onMessage(node);
        }
    }

    /** The JDK calls these one at a time; each asks for the next frame when it is done with this one. */
    private final class Receiver implements WebSocket.Listener {
        @Override
        public void onOpen(WebSocket webSocket) {
            webSocket.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            WebSocketMessages.Complete complete = messages.add(data, last);
            if (complete != null) {
                // The listener is set right after open; the server speaks only when spoken to.
                Listener listener = listening.join();
                if (!closed.get()) {
                    switch (complete) {
                        case WebSocketMessages.Complete.Text t -> deliver(listener, t.text());
                        case WebSocketMessages.Complete.TooLarge big -> {
                            LOG.warn("mcp {}: dropped a message of {} bytes, over the limit", spec.name(), big.bytes());
                            if (big.answer() != null) {
                                listener.onMessage(big.answer());
                            } else {
                                listener.onMalformed(OversizeLines.tooLarge(messages.limit()));
                            }
                        }
                    }
                }
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            if (last) {
                listening.thenAccept(l -> l.onMalformed("a binary WebSocket message (MCP messages are text)"));
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            String why = reason == null || reason.isBlank() ? "" : ": " + reason;
            terminate(new IOException("the server closed the WebSocket (" + statusCode + why + ")"));
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            terminate(new IOException("the WebSocket failed: " + (error.getMessage() == null
                    ? error.getClass().getSimpleName() : error.getMessage())));
        }
    }
}
