package dev.tether.jsonrpc;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A JSON-RPC 2.0 peer over a {@link MessageChannel}: sends that never wait for the peer, a map of pending
 * outgoing requests, inbound requests each on a virtual thread, and cancellation in both
 * directions. Knows nothing of ACP or MCP beyond the {@link CancelProtocol} it is given.
 */
public final class JsonRpcConnection implements AutoCloseable {
    /** Not a static field: slf4j sets itself up on first use, which the {@code initialize} answer must not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(JsonRpcConnection.class);
    }

    /** The longest reason a failed request carries from the channel that ended. */
    private static final int MAX_REASON_CHARS = 300;

    private final String name;
    private final MessageChannel channel;
    private final InboundHandler handler;
    private final CancelProtocol cancelProtocol;
    private final boolean answerMalformed;
    private final AtomicLong nextId = new AtomicLong(1);
    private final Map<String, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    /** Pending requests whose answer may keep spilled strings (see {@link #request(String, Object, boolean)}). */
    private final Set<String> takeSpilled = ConcurrentHashMap.newKeySet();
    private final Cancellation lifetime = Cancellation.root();
    private final InboundRequests requests;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The peer's input ended but answers may still go out ({@link #finishInFlightAtEndOfInput}). */
    private final AtomicBoolean inputEnded = new AtomicBoolean();
    private volatile boolean finishInFlight;
    private final CompletableFuture<Void> closedFuture = new CompletableFuture<>();
    private volatile Consumer<String> malformedListener = reason -> { };

    /**
     * @param answerMalformed whether an unreadable frame gets a -32700 answer (ACP) or is only
     *                        reported to the malformed listener (MCP stdio servers may print junk)
     */
    public JsonRpcConnection(String name, MessageChannel channel, InboundHandler handler,
                             CancelProtocol cancelProtocol, boolean answerMalformed) {
        this.name = name;
        this.channel = channel;
        this.handler = handler;
        this.requests = new InboundRequests(name, handler, lifetime, this::trySend);
        this.cancelProtocol = cancelProtocol;
        this.answerMalformed = answerMalformed;
    }

    /**
     * When the peer's input ends, the requests being handled may still answer: {@link #closed()}
     * completes and our own requests fail (nobody is left to answer them), but nothing is cancelled
     * and the channel stays open for writing until {@link #finishInFlight} and {@link #close}. For
     * ACP, where a script writes its requests and closes stdin; call before {@link #start}.
     */
    public JsonRpcConnection finishInFlightAtEndOfInput() {
        this.finishInFlight = true;
        return this;
    }

    /** Reports frames that could not be read (for counting or diagnostics). */
    public JsonRpcConnection onMalformed(Consumer<String> listener) {
        this.malformedListener = listener;
        return this;
    }

    public void start() {
        channel.start(new MessageChannel.Listener() {
            @Override
            public void onMessage(JsonNode message) {
                receive(message);
            }

            @Override
            public void onMalformed(String reason) {
                malformedListener.accept(reason);
                if (answerMalformed) {
                    trySend(Message.Response.failure(RequestId.NULL,
                            JsonRpcError.of(JsonRpcError.PARSE_ERROR, "Parse error: " + reason)));
                }
            }

            @Override
            public void onInvalid(JsonNode frame, String reason) {
                malformedListener.accept(reason);
                JsonNode id = frame == null ? null : frame.get("id");
                boolean request = frame != null && frame.has("method");
                if (request && id != null && (id.isString() || id.isIntegralNumber())) {
                    trySend(Message.Response.failure(new RequestId(id),
                            JsonRpcError.of(JsonRpcError.INVALID_REQUEST, "Invalid request: " + reason)));
                } else if (!request && id != null && (id.isString() || id.isIntegralNumber())) {
                    // An answer that reads two ways: its request fails rather than waiting for ever.
                    complete(Message.Response.failure(new RequestId(id),
                            JsonRpcError.of(JsonRpcError.INVALID_REQUEST, "the answer was refused: " + reason)));
                } else if (answerMalformed && (request || frame == null || !frame.has("id"))) {
                    // A notification, or a frame whose id cannot be read: the error goes to id null.
                    trySend(Message.Response.failure(RequestId.NULL,
                            JsonRpcError.of(JsonRpcError.INVALID_REQUEST, "Invalid request: " + reason)));
                }
            }

            @Override
            public void onClosed(Throwable cause) {
                if (finishInFlight) {
                    inputEnded(cause);
                } else {
                    shutdown(cause);
                }
            }
        });
    }

    /** Completes when the channel has ended. */
    public CompletableFuture<Void> closed() {
        return closedFuture;
    }

    public boolean isClosed() {
        return closed.get();
    }

    /** How many of our requests still wait for their answer. */
    public int pendingCount() {
        return pending.size();
    }

    /** Sends a request; the answer arrives through the returned call. */
    public OutboundCall request(String method, Object params) {
        return request(method, params, false);
    }

    /**
     * As {@link #request(String, Object)}; with {@code spilledText} the answer's long text items may
     * arrive as {@link SpilledString} nodes, which the caller then owns. Without it they are
     * plain strings, read back from their files.
     */
    public OutboundCall request(String method, Object params, boolean spilledText) {
        RequestId id = RequestId.of(nextId.getAndIncrement());
        CompletableFuture<JsonNode> future = new CompletableFuture<>();
        AtomicBoolean withdrawn = new AtomicBoolean();
        OutboundCall call = new OutboundCall(id, future, completion -> {
            takeSpilled.remove(id.key());
            if (withdrawn.compareAndSet(false, true) && pending.remove(id.key()) != null) {
                ObjectNode cancelParams = Json.object();
                cancelParams.set(cancelProtocol.idField(), id.value());
                if (cancelProtocol.withReason()) {
                    cancelParams.put("reason", "cancelled by client");
                }
                // Withdraw first, then release the waiter: the peer must see the cancel before
                // anything the waiter sends next (such as the answer to a cancelled prompt).
                trySend(new Message.Notification(cancelProtocol.method(), cancelParams));
            }
            future.completeExceptionally(completion);
        });
        if (closed.get() || inputEnded.get()) {
            future.completeExceptionally(new JsonRpcException(JsonRpcError.INTERNAL_ERROR, name + " connection is closed"));
            return call;
        }
        if (spilledText) {
            takeSpilled.add(id.key());
        }
        pending.put(id.key(), future);
        if (!trySend(new Message.Request(id, method, paramsTree(params)))) {
            pending.remove(id.key());
            future.completeExceptionally(new JsonRpcException(JsonRpcError.INTERNAL_ERROR, name + " connection is closed"));
        }
        return call;
    }

    public void notify(String method, Object params) {
        trySend(new Message.Notification(method, paramsTree(params)));
    }

    private static JsonNode paramsTree(Object params) {
        return params == null ? null : Json.tree(params);
    }

    private void receive(JsonNode frame) {
        Message message;
        try {
            message = Message.parse(frame);
        } catch (JsonRpcException e) {
            SpilledString.release(frame.get("result"));
            JsonNode id = frame.get("id");
            RequestId rid = id != null && (id.isString() || id.isIntegralNumber()) ? new RequestId(id) : RequestId.NULL;
            trySend(Message.Response.failure(rid, e.error()));
            return;
        }
        // Not a pattern switch: its first run would spin a class at run time (SwitchBootstraps),
        // which the start-up cache does not hold, on the first request's path.
        if (message instanceof Message.Response response) {
            if (response.error() != null) {
                SpilledString.release(frame.get("result")); // an error answer's result is not read
            }
            complete(response);
            return;
        }
        SpilledString.release(frame.get("result")); // only an answer's result may hold them
        if (message instanceof Message.Request request) {
            requests.dispatch(request);
        } else {
            notification((Message.Notification) message);
        }
    }

    private void complete(Message.Response response) {
        boolean keepsSpilled = takeSpilled.remove(response.id().key());
        CompletableFuture<JsonNode> future = pending.remove(response.id().key());
        if (future == null) {
            SpilledString.release(response.result());
            log().debug("{}: answer to unknown or withdrawn request {} dropped", name, response.id());
            return;
        }
        if (response.error() != null) {
            future.completeExceptionally(new JsonRpcException(response.error()));
            return;
        }
        if (!keepsSpilled) {
            try {
                SpilledString.materialise(response.result());
            } catch (UncheckedIOException e) {
                future.completeExceptionally(JsonRpcException.internal("the answer could not be read back from its spill file"));
                return;
            }
        }
        if (!future.complete(response.result())) {
            SpilledString.release(response.result());
        }
    }

    private void notification(Message.Notification notification) {
        if (cancelProtocol.method().equals(notification.method())) {
            JsonNode id = notification.params() == null ? null : notification.params().get(cancelProtocol.idField());
            Cancellation c = id == null ? null : requests.cancellation(new RequestId(id));
            if (c != null) {
                // Listeners may do slow work (close streams, tell other peers); the reader must go on reading.
                Thread.ofVirtual().name(name + "-cancel-" + id).start(c::cancel);
                return;
            }
            // It names none of the peer's requests: the handler may know it (an MCP 2026-07-28
            // server ends one of our listen requests so on stdio).
        }
        try {
            handler.onNotification(notification);
        } catch (RuntimeException e) {
            log().warn("{}: notification {} failed: {}", name, notification.method(), e.toString());
        }
    }

    private boolean trySend(Message message) {
        if (closed.get()) {
            return false;
        }
        try {
            channel.send(message.toJson());
            return true;
        } catch (UncheckedIOException e) {
            log().debug("{}: write failed: {}", name, e.getMessage());
            return false;
        }
    }

    private void shutdown(Throwable cause) {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        lifetime.cancel();
        failPending(cause);
        closedFuture.complete(null);
    }

    private void inputEnded(Throwable cause) {
        if (inputEnded.compareAndSet(false, true)) {
            failPending(cause);
            closedFuture.complete(null);
        }
    }

    private void failPending(Throwable cause) {
        JsonRpcException failure = new JsonRpcException(JsonRpcError.INTERNAL_ERROR,
                name + (cause == null ? " connection closed" : " connection failed" + reason(cause)));
        pending.values().forEach(f -> f.completeExceptionally(failure));
        pending.clear();
        takeSpilled.clear();
    }

    /**
     * Once the input has ended ({@link #finishInFlightAtEndOfInput}): waits up to {@code grace} for
     * the requests being handled to answer, then cancels those still running and waits up to
     * {@code grace} again for their answers (a cancelled prompt answers "cancelled").
     */
    public void finishInFlight(Duration grace) {
        requests.awaitAnswers(grace);
        lifetime.cancel();
        requests.awaitAnswers(grace);
    }

    /** Why the channel ended, for the requests it fails: a user must learn that a server exited, not only that "it failed". */
    private static String reason(Throwable cause) {
        String message = cause.getMessage();
        if (message == null || message.isBlank()) {
            return "";
        }
        String line = message.strip().lines().findFirst().orElse("");
        return ": " + (line.length() > MAX_REASON_CHARS ? line.substring(0, MAX_REASON_CHARS) + "…" : line);
    }

    /** Closes the channel and fails every pending request. */
    @Override
    public void close() {
        channel.close();
        shutdown(null);
    }
}
