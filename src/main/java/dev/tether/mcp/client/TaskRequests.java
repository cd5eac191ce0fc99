package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The task requests of one {@link McpClientSession}, as its revision has them: the {@code tasks/*}
 * utility of 2025-11-25 ({@link Stateful2025.Tasks}) or the tasks extension of 2026-07-28
 * ({@link ExtensionTasks}). Each request is sent only when the server declared tasks for
 * {@code tools/call}; otherwise it is refused before anything is sent.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
 * @see <a href="https://modelcontextprotocol.io/extensions/tasks">MCP tasks extension (SEP-2663)</a>
 */
public sealed interface TaskRequests permits Stateful2025.Tasks, ExtensionTasks {
    /** Where a {@code CreateTaskResult} carries text for the model while the task runs. */
    String IMMEDIATE_RESPONSE = "io.modelcontextprotocol/model-immediate-response";

    /**
     * Whether {@code e} is a 2026 server's "this call needs the tasks extension" (-32021 naming
     * {@code io.modelcontextprotocol/tasks} in {@code data.requiredCapabilities.extensions}).
     */
    static boolean needsTasks(McpError e) {
        return e instanceof McpError.ErrorAnswer answer && answer.code() == Stateless2026.MISSING_CAPABILITY
                && answer.data() != null
                && answer.data().path("requiredCapabilities").path("extensions").has(ExtensionTasks.EXTENSION);
    }

    /**
     * Whether the server's tools may be called as tasks: {@code tasks.requests.tools.call}, or the
     * tasks extension of a 2026-07-28 server.
     */
    boolean declaresToolTasks();

    /** Whether the server declared {@code tasks.cancel} (always part of the 2026 extension). */
    boolean declaresCancel();

    /** Starts {@code tool} as a task; the answer must be a task (or, under the extension, a result at once). */
    McpTaskState.Created create(String tool, JsonNode arguments, Duration timeout, Cancellation cancellation);

    /** {@code tasks/get} for the task last seen as {@code last}. */
    McpTaskState get(McpTaskState last, Duration timeout, Cancellation cancellation);

    /**
     * Tasks extension only: answers the input requests {@code pending} of the task last seen as
     * {@code last} through the session's elicitation, sampling and roots paths, and delivers the
     * answers with {@code tasks/update}.
     *
     * @throws McpError.Refused a request Tether cannot answer, or a 2025-11-25 server (its input goes through tasks/result)
     */
    void answer(McpTaskState last, Map<String, JsonNode> pending, Duration timeout, Cancellation cancellation);

    /**
     * {@code tasks/result}: the tool's result; the server holds the answer until the task ends.
     *
     * @throws McpError.Refused under the tasks extension, which has no tasks/result (the result comes with tasks/get)
     */
    McpCallResult result(String taskId, Duration timeout, Cancellation cancellation);

    /** {@code tasks/cancel} for the task last seen as {@code last}; nothing is sent to a server that did not declare it. */
    void cancel(McpTaskState last, Duration timeout, Cancellation cancellation);
}
