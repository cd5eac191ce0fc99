package dev.tether.mcp.task;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpTaskState;
import java.time.Duration;
import tools.jackson.databind.JsonNode;

/**
 * The task methods of one server's connection, as the task runtime sees them (the runtime's
 * connection implements it). Every method fails with {@link dev.tether.mcp.api.McpError} when the
 * server is not ready, refuses or does not answer in time.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
 */
public interface TaskServer {
    String name();

    /** {@code tools/call} with a {@code task} parameter: the server answers with a {@code CreateTaskResult}. */
    McpTaskState.Created create(String tool, JsonNode arguments, Cancellation cancellation);

    /** {@code tasks/get}. */
    McpTaskState get(String taskId, Cancellation cancellation);

    /** {@code tasks/result}: blocks on the server until the task ends; meanwhile it may ask for input. */
    McpCallResult result(String taskId, Duration timeout, Cancellation cancellation);

    /** {@code tasks/cancel}, when the server declared it; otherwise nothing is sent. */
    void cancel(String taskId, Duration timeout);
}
