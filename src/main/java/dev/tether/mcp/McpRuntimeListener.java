package dev.tether.mcp;

/**
 * What a session hears from its MCP runtime. Calls come from the runtime's threads, one at a
 * time, and must not block. Reasons are already redacted. After {@link McpRuntime#close()} starts
 * nothing more is delivered.
 */
public interface McpRuntimeListener {
    McpRuntimeListener NONE = new McpRuntimeListener() {
        @Override
        public void serverReady(String name, int toolCount) {}

        @Override
        public void serverFailed(String name, String redactedReason) {}

        @Override
        public void toolsChanged() {}
    };

    void serverReady(String name, int toolCount);

    /** A server failed to connect, gave up recovering, or its connection ended. */
    void serverFailed(String name, String redactedReason);

    /** A server's connect ended in {@code NEEDS_AUTH}: the user must sign in. A failure unless told apart. */
    default void serverNeedsSignIn(String name, String redactedReason) {
        serverFailed(name, redactedReason);
    }

    /**
     * A server that is not given roots said it needs them ({@code said}: its words, sanitised,
     * redacted and cut); told once per server. Ignored by default.
     */
    default void serverNeedsRoots(String name, String said) {}

    /** A server's tool list changed; the next {@link McpRuntime#awaitTools} returns the new projection. */
    void toolsChanged();

    /** Every change as a record with a monotonically increasing revision. */
    default void onEvent(McpRuntimeEvent event) {}
}
