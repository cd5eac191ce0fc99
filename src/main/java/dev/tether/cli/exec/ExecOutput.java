package dev.tether.cli.exec;

import tools.jackson.databind.JsonNode;

/**
 * What {@code tether exec} shows of a run: plain text ({@link PlainOutput}) or JSON Lines
 * ({@link JsonLines}). Called from the client's reader thread, in the order the agent sent things.
 */
interface ExecOutput {
    /** One {@code session/update} notification's params, as the agent sent it. */
    void update(JsonNode params);

    /**
     * A permission decision: {@code allowed} or {@code denied}.
     *
     * @param title the call's title as announced, or null
     * @param by    who decided, in {@code PermissionDecision.Basis.by()}'s words
     */
    void permission(String sessionId, String toolCallId, String title, String decision, String by);


    /**
     * A request exec declined because nobody can answer it: an MCP server's elicitation
     * ({@code form} or {@code url}, with its URL) or a question that is not a tool call's
     * ({@code question}: a sign-in, a sampling request, a project server's approval).
     *
     * @param url the page a URL elicitation or a sign-in names, or null
     */
    void declined(String sessionId, String kind, String message, String url);

    /** The run's end; nothing is written after it. */
    void result(Result result);

    /** The run is over, however it ended: nothing more is shown (a spinner is erased). */
    default void stop() {
    }

    /** How a run ended: its session, stop reason, final message, usage and wall time. */
    record Result(String sessionId, String stopReason, String text, JsonNode usage, long durationMs) {}
}
