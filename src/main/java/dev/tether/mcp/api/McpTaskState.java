package dev.tether.mcp.api;

import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A task as the server last described it ({@code Task}: a {@code CreateTaskResult}'s
 * {@code task}, a {@code tasks/get} answer or {@code notifications/tasks/status}), strings as
 * sent. The server's {@code taskId} never leaves the runtime: the model and the editor see
 * Tether's own ids.
 *
 * @param pollIntervalMs the server's suggested polling interval, or null
 * @param detail         what a task of the 2026-07-28 tasks extension carries inline; null for 2025-11-25 tasks
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
 */
public record McpTaskState(String taskId, Status status, String statusMessage, String createdAt, Long pollIntervalMs,
                           Detail detail) {

    /** A 2025-11-25 task: its result is fetched with {@code tasks/result}. */
    public McpTaskState(String taskId, Status status, String statusMessage, String createdAt, Long pollIntervalMs) {
        this(taskId, status, statusMessage, createdAt, pollIntervalMs, null);
    }

    /** The same task in another status (the inline detail kept). */
    public McpTaskState withStatus(Status next) {
        return new McpTaskState(taskId, next, statusMessage, createdAt, pollIntervalMs, detail);
    }

    /**
     * What a task of the tasks extension ({@code io.modelcontextprotocol/tasks}, MCP 2026-07-28)
     * carries in a {@code tasks/get} answer: there is no {@code tasks/result}, the result is inline.
     *
     * @param result        the tool's result once {@code completed}, else null
     * @param error         the JSON-RPC error of a {@code failed} task as readable text (untrusted), else null
     * @param inputRequests the outstanding requests of an {@code input_required} task, by the server's key
     * @param requestState  the opaque state the server asks to be echoed on the next request for this task, or null
     */
    public record Detail(McpCallResult result, String error, Map<String, JsonNode> inputRequests, String requestState) {
        public Detail {
            inputRequests = inputRequests == null ? Map.of() : Map.copyOf(inputRequests);
        }
    }

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
