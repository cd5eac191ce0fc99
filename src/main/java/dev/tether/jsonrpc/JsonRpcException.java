package dev.tether.jsonrpc;

/**
 * Thrown by a handler to answer a request with a JSON-RPC error, and by an outgoing call
 * whose peer answered with one. Carries no cause: what the peer sees is {@link #error()} only.
 */
public final class JsonRpcException extends RuntimeException {
    private final JsonRpcError error;

    public JsonRpcException(JsonRpcError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    public JsonRpcException(int code, String message) {
        this(JsonRpcError.of(code, message));
    }

    public static JsonRpcException invalidParams(String message) {
        return new JsonRpcException(JsonRpcError.INVALID_PARAMS, message);
    }

    public static JsonRpcException methodNotFound(String method) {
        return new JsonRpcException(JsonRpcError.METHOD_NOT_FOUND, "Method not found: " + method);
    }

    public static JsonRpcException notFound(String message) {
        return new JsonRpcException(JsonRpcError.RESOURCE_NOT_FOUND, message);
    }

    public static JsonRpcException internal(String message) {
        return new JsonRpcException(JsonRpcError.INTERNAL_ERROR, message);
    }

    public JsonRpcError error() {
        return error;
    }

    public int code() {
        return error.code();
    }
}
