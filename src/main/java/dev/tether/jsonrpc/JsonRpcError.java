package dev.tether.jsonrpc;

import tools.jackson.databind.JsonNode;

/**
 * A JSON-RPC error object. Messages are for people: short, readable and free of stack traces
 * or raw exception text.
 */
public record JsonRpcError(int code, String message, JsonNode data) {
    public static final int PARSE_ERROR = -32700;
    public static final int INVALID_REQUEST = -32600;
    public static final int METHOD_NOT_FOUND = -32601;
    public static final int INVALID_PARAMS = -32602;
    public static final int INTERNAL_ERROR = -32603;
    /** ACP: a request was cancelled with {@code $/cancel_request}. */
    public static final int REQUEST_CANCELLED = -32800;
    /** ACP: the agent needs the user to authenticate. */
    public static final int AUTH_REQUIRED = -32000;
    /** ACP: a resource (such as a session) does not exist. */
    public static final int RESOURCE_NOT_FOUND = -32002;

    public static JsonRpcError of(int code, String message) {
        return new JsonRpcError(code, message, null);
    }
}
