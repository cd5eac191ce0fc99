package dev.tether.jsonrpc;

import dev.tether.agent.Cancellation;
import tools.jackson.databind.JsonNode;

/**
 * A request from the peer, handed to an {@link InboundHandler}. Its {@code cancellation}
 * fires when the peer withdraws the request or the connection ends.
 */
public record InboundRequest(RequestId id, String method, JsonNode params, Cancellation cancellation) {
}
