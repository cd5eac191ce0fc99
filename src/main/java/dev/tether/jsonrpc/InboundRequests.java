package dev.tether.jsonrpc;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The peer's requests while they are handled, for {@link JsonRpcConnection}: each on a virtual
 * thread of its own, with a cancellation under the connection's lifetime, answered once (an
 * exception becomes an error answer that never carries its text), and waited for when the input
 * has ended.
 */
final class InboundRequests {
    /** Under the connection's name: what a user reads in the log is the connection's. */
    private static Logger log() {
        return LoggerFactory.getLogger(JsonRpcConnection.class);
    }

    private final String name;
    private final InboundHandler handler;
    private final Cancellation lifetime;
    private final Predicate<Message> send;
    private final Map<String, Cancellation> byId = new ConcurrentHashMap<>();
    /** The threads handling requests, until each has sent its answer and run what follows it. */
    private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

    /** @param send sends one message, false when it could not go out */
    InboundRequests(String name, InboundHandler handler, Cancellation lifetime, Predicate<Message> send) {
        this.name = name;
        this.handler = handler;
        this.lifetime = lifetime;
        this.send = send;
    }

    /** Starts handling a request; an id already being handled is refused. */
    void dispatch(Message.Request request) {
        Cancellation cancellation = lifetime.child();
        if (byId.putIfAbsent(request.id().key(), cancellation) != null) {
            cancellation.close();
            send.test(Message.Response.failure(request.id(),
                    JsonRpcError.of(JsonRpcError.INVALID_REQUEST, "Invalid request: id " + request.id() + " is already in use")));
            return;
        }
        Thread thread = Thread.ofVirtual().name(name + "-" + request.method()).unstarted(() -> {
            try {
                answer(request, cancellation);
            } finally {
                threads.remove(Thread.currentThread());
            }
        });
        threads.add(thread);
        thread.start();
    }

    /** The cancellation of a request being handled, or null. */
    Cancellation cancellation(RequestId id) {
        return byId.get(id.key());
    }

    /** Waits up to {@code grace} for every request being handled to be answered. */
    void awaitAnswers(Duration grace) {
        long deadline = System.nanoTime() + grace.toNanos();
        for (Thread thread : List.copyOf(threads)) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                thread.join(Duration.ofNanos(left));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void answer(Message.Request request, Cancellation cancellation) {
        Message.Response response;
        InboundRequest inboundRequest = new InboundRequest(request.id(), request.method(), request.params(), cancellation);
        try {
            JsonNode result = handler.onRequest(inboundRequest);
            response = cancellation.isCancelled() && result == null
                    ? Message.Response.failure(request.id(), JsonRpcError.of(JsonRpcError.REQUEST_CANCELLED, "Request cancelled"))
                    : Message.Response.success(request.id(), result);
        } catch (JsonRpcException e) {
            response = Message.Response.failure(request.id(), e.error());
        } catch (CancelledException e) {
            response = Message.Response.failure(request.id(), JsonRpcError.of(JsonRpcError.REQUEST_CANCELLED, "Request cancelled"));
        } catch (RuntimeException | Error e) {
            log().error("{}: {} failed", name, request.method(), e);
            response = Message.Response.failure(request.id(), JsonRpcError.of(JsonRpcError.INTERNAL_ERROR, "Internal error"));
        } finally {
            byId.remove(request.id().key());
            cancellation.close();
        }
        boolean sent = send.test(response);
        if (sent && response.error() == null) {
            for (Runnable action : inboundRequest.afterResponse()) {
                try {
                    action.run();
                } catch (RuntimeException e) {
                    log().warn("{}: work after answering {} failed: {}", name, request.method(), e.toString());
                }
            }
        }
    }
}
