package dev.tether.mcp;

/**
 * An MCP operation failed: the server could not be started or reached, answered with an error,
 * broke a bound, or timed out. The message is short and readable; callers redact it before it
 * is shown (it may quote server text).
 */
public final class McpException extends RuntimeException {
    private final boolean timeout;

    public McpException(String message) {
        this(message, false);
    }

    public McpException(String message, boolean timeout) {
        super(message, null, false, false);
        this.timeout = timeout;
    }

    /** Whether the operation ran out of time (rather than failing). */
    public boolean isTimeout() {
        return timeout;
    }
}
