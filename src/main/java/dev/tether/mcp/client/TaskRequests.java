package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The task requests of one {@link McpClientSession}: a task-augmented {@code tools/call},
 * {@code tasks/get}, {@code tasks/result} and {@code tasks/cancel}, each sent only when the server
 * declared it in {@code capabilities.tasks}. A server that speaks MCP 2026-07-28 has the tasks
 * extension instead ({@link ExtensionTasks}): the same operations, and {@link #answer} for input.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
 */
public final class TaskRequests {
    /** Where a {@code CreateTaskResult} carries text for the model while the task runs. */
    public static final String IMMEDIATE_RESPONSE = "io.modelcontextprotocol/model-immediate-response";

    private final String server;
    private final McpClientSession session;
    private final RequestSender sender;
    private final ExtensionTasks extension;

    TaskRequests(String server, McpClientSession session, RequestSender sender) {
        this.server = server;
        this.session = session;
        this.sender = sender;
        this.extension = new ExtensionTasks(session, sender);
    }

    /**
     * Whether the server's tools may be called as tasks: {@code tasks.requests.tools.call}, or
     * the tasks extension of a 2026-07-28 server.
     */
    public boolean declaresToolTasks() {
        if (session.stateless()) {
            McpClientSession.Initialized init = session.initialized();
            return init != null && ExtensionTasks.declared(init.capabilities());
        }
        return capability().path("requests").path("tools").path("call").isObject();
    }

    /**
     * Whether {@code e} is a 2026 server's "this call needs the tasks extension" (-32021 naming
     * {@code io.modelcontextprotocol/tasks} in {@code data.requiredCapabilities.extensions}).
     */
    public static boolean needsTasks(McpError e) {
        return e instanceof McpError.ErrorAnswer answer && answer.code() == Stateless2026.MISSING_CAPABILITY
                && answer.data() != null
                && answer.data().path("requiredCapabilities").path("extensions").has(ExtensionTasks.EXTENSION);
    }

    /** Whether the server declared {@code tasks.cancel} (always part of the 2026 extension). */
    public boolean declaresCancel() {
        return session.stateless() ? declaresToolTasks() : capability().path("cancel").isObject();
    }

    private JsonNode capability() {
        McpClientSession.Initialized init = session.initialized();
        JsonNode tasks = init == null ? null : init.capabilities().get("tasks");
        return tasks == null ? Json.object() : tasks;
    }

    private void requireToolTasks(String method) {
        if (!session.stateless()) {
            session.require("tasks", method);
        }
        if (!declaresToolTasks()) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                    "server \"" + server + "\" did not declare tasks for tools/call, so " + method + " is not available");
        }
    }

    /** {@code tools/call} with {@code task: {}}; the answer must be a {@code CreateTaskResult}. */
    public McpTaskState.Created create(String tool, JsonNode arguments, Duration timeout, Cancellation cancellation) {
        requireToolTasks("a task-augmented tools/call");
        if (session.stateless()) {
            return extension.create(tool, arguments, timeout, cancellation);
        }
        ObjectNode params = Json.object();
        params.put("name", tool);
        params.set("arguments", arguments == null || arguments.isNull() ? Json.object() : arguments);
        params.putObject("task");
        JsonNode result = sender.send("tools/call", params, timeout, cancellation);
        JsonNode meta = result == null ? null : result.get("_meta");
        JsonNode immediate = meta == null ? null : meta.get(IMMEDIATE_RESPONSE);
        return new McpTaskState.Created(task(result == null ? null : result.get("task"), "tools/call"),
                immediate != null && immediate.isString() ? immediate.asString() : null);
    }

    /** {@code tasks/get} for the task last seen as {@code last}. */
    public McpTaskState get(McpTaskState last, Duration timeout, Cancellation cancellation) {
        requireToolTasks("tasks/get");
        if (session.stateless()) {
            return extension.get(last, timeout, cancellation);
        }
        return task(sender.send("tasks/get", params(last.taskId()), timeout, cancellation), "tasks/get");
    }

    /**
     * Tasks extension only: answers the input requests {@code pending} of the task last seen as
     * {@code last} through the session's elicitation, sampling and roots paths, and delivers the
     * answers with {@code tasks/update}.
     *
     * @throws McpError.Refused a request Tether cannot answer, or a 2025-11-25 server (its input goes through tasks/result)
     */
    public void answer(McpTaskState last, Map<String, JsonNode> pending, Duration timeout, Cancellation cancellation) {
        requireToolTasks("tasks/update");
        if (!session.stateless()) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                    "server \"" + server + "\" speaks MCP tasks of 2025-11-25, which have no tasks/update");
        }
        extension.answer(last, pending, timeout, cancellation);
    }

    /** {@code tasks/result}: the tool's result; the server holds the answer until the task ends. */
    public McpCallResult result(String taskId, Duration timeout, Cancellation cancellation) {
        requireToolTasks("tasks/result");
        if (session.stateless()) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                    "the tasks extension has no tasks/result: the result comes with tasks/get");
        }
        return McpWire.callResult(sender.send("tasks/result", params(taskId), timeout, cancellation));
    }

    /** {@code tasks/cancel} for the task last seen as {@code last}; nothing is sent to a server that did not declare it. */
    public void cancel(McpTaskState last, Duration timeout, Cancellation cancellation) {
        if (!declaresCancel()) {
            return;
        }
        if (session.stateless()) {
            extension.cancel(last, timeout, cancellation);
        } else {
            sender.send("tasks/cancel", params(last.taskId()), timeout, cancellation);
        }
    }

    private static ObjectNode params(String taskId) {
        ObjectNode params = Json.object();
        params.put("taskId", taskId);
        return params;
    }

    /** A {@code Task} object; one without an id, status or creation time is malformed. */
    static McpTaskState task(JsonNode node, String what) {
        String id = McpWire.text(node, "taskId");
        String status = McpWire.text(node, "status");
        String created = McpWire.text(node, "createdAt");
        if (id == null || id.isEmpty() || status == null || created == null) {
            throw new McpError.Malformed(what + " answered without a valid task (taskId, status and createdAt are required)");
        }
        JsonNode poll = node.get("pollInterval");
        return new McpTaskState(id, McpTaskState.Status.of(status), McpWire.text(node, "statusMessage"), created,
                poll != null && poll.isIntegralNumber() ? poll.asLong() : null);
    }
}
