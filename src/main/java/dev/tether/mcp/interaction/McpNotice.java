package dev.tether.mcp.interaction;

/** Something a server said for the user: diagnostics and events, never model input. */
public sealed interface McpNotice {
    String server();

    /** {@code notifications/message}; {@code text} is sanitised, redacted and bounded. */
    record Log(String server, String level, String logger, String text) implements McpNotice {}

    /** {@code notifications/resources/updated}. */
    record ResourceUpdated(String server, String uri) implements McpNotice {}

    /** {@code notifications/elicitation/complete}. */
    record ElicitationComplete(String server, String elicitationId) implements McpNotice {}

    /** The server's prompt catalog changed (the session refreshes its slash commands). */
    record PromptsChanged(String server) implements McpNotice {}
}
