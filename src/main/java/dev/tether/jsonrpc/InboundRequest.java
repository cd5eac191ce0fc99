package dev.tether.jsonrpc;

import dev.tether.base.Cancellation;
import tools.jackson.databind.JsonNode;

/**
 * A request from the peer, handed to an {@link InboundHandler}. Its {@code cancellation}
 * fires when the peer withdraws the request or the connection ends; {@link #afterResponse}
 * runs work once the answer has been written (so that, say, updates about a new session
 * reach the peer after the answer that names it).
 */
public record InboundRequest(RequestId id, String method, JsonNode params, Cancellation cancellation,
                             java.util.List<Runnable> afterResponse) {

    public InboundRequest(RequestId id, String method, JsonNode params, Cancellation cancellation) {
        this(id, method, params, cancellation, new java.util.concurrent.CopyOnWriteArrayList<>());
    }

    /** Runs {@code action} after the answer to this request has been written. */
    public void afterResponse(Runnable action) {
        afterResponse.add(action);
    }
}
