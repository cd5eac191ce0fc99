package dev.tether.mcp;

import tools.jackson.databind.JsonNode;

/**
 * An MCP operation failed: the server could not be started or reached, answered with an error,
 * broke a bound, or timed out. The message is short and readable; callers redact it before it
 * is shown (it may quote server text).
 */
public final class McpException extends RuntimeException {
    private final boolean timeout;
    private final int rpcCode;
    private final JsonNode rpcData;

    public McpException(String message) {
        this(message, false);
    }

    public McpException(String message, boolean timeout) {
        this(message, timeout, 0, null);
    }

    /** The server answered with a JSON-RPC error: its code and (untrusted, unsanitised) data are kept. */
    public McpException(String message, int rpcCode, JsonNode rpcData) {
        this(message, false, rpcCode, rpcData);
    }

    private McpException(String message, boolean timeout, int rpcCode, JsonNode rpcData) {
        super(message, null, false, false);
        this.timeout = timeout;
        this.rpcCode = rpcCode;
        this.rpcData = rpcData;
    }

    /** The JSON-RPC error code of the server's answer, or 0 when the failure was not an error answer. */
    public int rpcCode() {
        return rpcCode;
    }

    /** The {@code data} of the server's error answer, or null. Untrusted: sanitise before use. */
    public JsonNode rpcData() {
        return rpcData;
    }

    /** Whether the operation ran out of time (rather than failing). */
    public boolean isTimeout() {
        return timeout;
    }
}
