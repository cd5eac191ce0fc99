package dev.tether.mcp.interaction;

import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import tools.jackson.databind.JsonNode;

/**
 * Answers the requests an MCP server sends to the client that need the session: {@code roots/list},
 * {@code sampling/createMessage} and {@code elicitation/create}. Runs on its own virtual thread
 * and may block (elicitation waits for a person); {@code request.cancellation()} fires when the
 * server withdraws the request. Throw {@link JsonRpcException} to answer with an error.
 * {@code ping} and unknown methods never reach it.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client">MCP client features</a>
 */
@FunctionalInterface
public interface ServerRequestHandler {
    /** The methods routed to a handler; everything else but {@code ping} is -32601. */
    java.util.Set<String> ROUTED = java.util.Set.of("roots/list", "sampling/createMessage", "elicitation/create");

    /** Refuses every routed request as not offered (a runtime with no interaction surface). */
    ServerRequestHandler NOT_OFFERED = (server, request) -> {
        throw new JsonRpcException(JsonRpcError.METHOD_NOT_FOUND, request.method() + " is not offered by this client");
    };

    JsonNode handle(String server, InboundRequest request);

    /**
     * {@code notifications/message} and {@code notifications/elicitation/complete} from
     * {@code server}; runs on the connection's reader thread, so it must not block. Ignored by default.
     */
    default void onNotification(String server, String method, JsonNode params) {}
}
