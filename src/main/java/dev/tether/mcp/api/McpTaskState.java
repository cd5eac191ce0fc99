package dev.tether.mcp.api;

/**
 * A task as the server last described it ({@code Task}: a {@code CreateTaskResult}'s
 * {@code task}, a {@code tasks/get} answer or {@code notifications/tasks/status}), strings as
 * sent. The server's {@code taskId} never leaves the runtime: the model and the editor see
 * Tether's own ids.
 *
 * @param pollIntervalMs the server's suggested polling interval, or null
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
 */
public record McpTaskState(String taskId, Status status, String statusMessage, String createdAt, Long pollIntervalMs) {

    /** {@code TaskStatus}; anything unknown is read as {@code working}, which only makes Tether poll again. */
    public enum Status {
        WORKING, INPUT_REQUIRED, COMPLETED, FAILED, CANCELLED;

        public static Status of(String wire) {
            return switch (wire == null ? "" : wire) {
                case "input_required" -> INPUT_REQUIRED;
                case "completed" -> COMPLETED;
                case "failed" -> FAILED;
                case "cancelled" -> CANCELLED;
                default -> WORKING;
            };
        }

        public boolean terminal() {
            return this == COMPLETED || this == FAILED || this == CANCELLED;
        }

        public String wire() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A {@code CreateTaskResult}: the task, and the text of
     * {@code _meta["io.modelcontextprotocol/model-immediate-response"]} (as sent, or null).
     */
    public record Created(McpTaskState task, String immediateResponse) {}
}
