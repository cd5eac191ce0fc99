package dev.tether.mcp.task;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpTaskState;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The task methods of one server's connection, as the task runtime sees them (the runtime's
 * connection implements it), whichever revision the server speaks: MCP 2025-11-25 tasks, or the
 * tasks extension of 2026-07-28, whose states carry their result inline
 * ({@link McpTaskState#detail()}) and whose input requests are answered with {@link #answer}. Every method fails with {@link dev.tether.mcp.api.McpError} when the
 * server is not ready, refuses or does not answer in time.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
 */
public interface TaskServer {
    String name();

    /**
     * {@code tools/call} with a {@code task} parameter (2025-11-25) or declaring the tasks extension
     * (2026-07-28): the server answers with a task; a 2026 server may also answer at once (then the
     * state is {@code completed} with the result inline).
     */
    McpTaskState.Created create(String tool, JsonNode arguments, Cancellation cancellation);

    /** {@code tasks/get} for the task last seen as {@code last}. */
    McpTaskState get(McpTaskState last, Cancellation cancellation);

    /**
     * The tasks extension's input: answers {@code pending} (the input requests of {@code last} not
     * answered yet, by key) through the session's elicitation, sampling and roots paths, and sends
     * the answers with {@code tasks/update}.
     */
    void answer(McpTaskState last, Map<String, JsonNode> pending, Cancellation cancellation);

    /** {@code tasks/result}: blocks on the server until the task ends; meanwhile it may ask for input. */
    McpCallResult result(String taskId, Duration timeout, Cancellation cancellation);

    /** {@code tasks/cancel} for the task last seen as {@code last}, when the server declared it; otherwise nothing is sent. */
    void cancel(McpTaskState last, Duration timeout);
}
