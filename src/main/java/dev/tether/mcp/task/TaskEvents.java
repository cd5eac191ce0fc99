package dev.tether.mcp.task;

import dev.tether.tools.ToolOutcome;

/**
 * The session's side of background MCP tasks: the port through which a task that outlived its
 * turn reaches the user and the model. The session implements it; {@link #NONE} drops both.
 */
public interface TaskEvents {

    /**
     * A call's task went on in the background. {@code immediateResponse} is the server's
     * model-immediate-response text, already bounded and sanitised, or null.
     */
    void backgrounded(TaskReport task, String immediateResponse);

    /** A background task ended; {@code report.outcome()} went through the normal result pipeline. */
    void ended(TaskReport report);

    /**
     * One task of the session as the user and the model may see it: Tether's id, the server, the
     * tool's projected name, its status, and (once it ended) the mapped result or the failure.
     *
     * @param outcome the result, mapped like any tool result; null unless completed
     * @param failure why it failed or was cancelled (sanitised, redacted), or null
     */
    record TaskReport(McpTaskId id, String server, String tool, String status, ToolOutcome outcome, String failure) {}

    TaskEvents NONE = new TaskEvents() {
        @Override
        public void backgrounded(TaskReport task, String immediateResponse) {}

        @Override
        public void ended(TaskReport report) {}
    };
}
