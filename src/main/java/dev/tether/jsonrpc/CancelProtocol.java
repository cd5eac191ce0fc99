package dev.tether.jsonrpc;

/**
 * How a peer says "I no longer need the answer to request N": ACP uses
 * {@code $/cancel_request {requestId}}, MCP {@code notifications/cancelled {requestId, reason}}.
 */
public record CancelProtocol(String method, String idField, boolean withReason) {
    public static final CancelProtocol ACP = new CancelProtocol("$/cancel_request", "requestId", false);
    public static final CancelProtocol MCP = new CancelProtocol("notifications/cancelled", "requestId", true);
}
