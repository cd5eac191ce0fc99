package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import dev.tether.mcp.api.McpToolInfo;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code initialize} revisions of MCP as one session speaks them: 2025-11-25 and the older
 * revisions a server may answer with (2025-06-18, 2025-03-26, 2024-11-05), which differ from it in
 * nothing Tether sends. Requests go out as they are; {@code ping} checks an idle server;
 * {@code logging/setLevel} asks for the log level once per session; {@code listChanged} as declared
 * announces list changes; {@code resources/subscribe} asks for a resource's updates, one request per
 * resource; tasks are the {@code tasks/*} utility ({@link Tasks}).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle">MCP 2025-11-25 lifecycle</a>
 */
public final class Stateful2025 implements Revision {
    /** The revision {@code initialize} asks for unless a server is pinned to an older one. */
    public static final String VERSION = "2025-11-25";
    /** Every {@code initialize} revision Tether speaks, newest first. */
    public static final List<String> VERSIONS = List.of(VERSION, "2025-06-18", "2025-03-26", "2024-11-05");

    private final String server;
    private final McpClientSession.Initialized initialized;
    private final RequestSender sender;
    private final String logLevel;
    private final Tasks tasks = new Tasks();

    /**
     * @param initialized the server's {@code initialize} answer; null for a session not greeted yet
     * @param logLevel    the level {@link #applyLogLevel} asks for; null asks for none
     */
    Stateful2025(String server, McpClientSession.Initialized initialized, RequestSender sender, String logLevel) {
        this.server = server;
        this.initialized = initialized;
        this.sender = sender;
        this.logLevel = logLevel;
    }

    /** What a session holds before its greeting: plain requests, and nothing sent that needs a capability. */
    static Stateful2025 ungreeted(String server, RequestSender sender) {
        return new Stateful2025(server, null, sender, null);
    }

    @Override
    public String server() {
        return server;
    }

    @Override
    public McpClientSession.Initialized initialized() {
        return initialized;
    }

    @Override
    public ObjectNode envelope(ObjectNode params, boolean tasks) {
        return params;
    }

    @Override
    public JsonNode settle(String method, ObjectNode params, JsonNode first, Function<ObjectNode, JsonNode> again,
                           boolean tasks, Cancellation cancellation) {
        return first;
    }

    @Override
    public String healthProbe() {
        return "ping";
    }

    /** {@code logging/setLevel}, after every (re)connect: a new session starts at the server's own default. */
    @Override
    public void applyLogLevel(Duration timeout, Cancellation cancellation) {
        if (logLevel == null || !declares("logging")) {
            return;
        }
        ObjectNode params = Json.object();
        params.put("level", logLevel);
        RequestSender.await(sender.request("logging/setLevel", params, false), timeout, cancellation, "logging/setLevel",
                McpError.Timeout.Kind.REQUEST);
    }

    @Override
    public TaskRequests tasks() {
        return tasks;
    }

    @Override
    public McpToolInfo.TaskSupport unstatedTaskSupport() {
        return McpToolInfo.TaskSupport.FORBIDDEN;
    }

    @Override
    public List<McpToolInfo> offerable(List<McpToolInfo> listed) {
        return listed;
    }

    @Override
    public String refusedTools() {
        return null;
    }

    /** None: these revisions have the GET stream and {@code resources/subscribe} instead. */
    @Override
    public Optional<ListenRequests> listens() {
        return Optional.empty();
    }

    @Override
    public boolean announcesChanges(String kind) {
        return declaresListChanged(kind);
    }

    /** {@code resources/subscribe} or {@code resources/unsubscribe}. */
    @Override
    public void subscription(String uri, boolean subscribe, Duration timeout, Cancellation cancellation) {
        String method = subscribe ? "resources/subscribe" : "resources/unsubscribe";
        require("resources", method);
        if (!initialized.capabilities().path("resources").path("subscribe").asBoolean(false)) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                    "server \"" + server + "\" does not offer resource subscriptions");
        }
        ObjectNode params = Json.object();
        params.put("uri", uri);
        sender.send(method, params, timeout, cancellation);
    }

    /**
     * The {@code tasks/*} utility of 2025-11-25: a task-augmented {@code tools/call},
     * {@code tasks/get}, {@code tasks/result} and {@code tasks/cancel}, each sent only when the server
     * declared it in {@code capabilities.tasks}. Input a task needs goes through {@code tasks/result}.
     *
     * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks">MCP tasks</a>
     */
    final class Tasks implements TaskRequests {

        private Tasks() {}

        /** {@code tasks.requests.tools.call}. */
        @Override
        public boolean declaresToolTasks() {
            return capability().path("requests").path("tools").path("call").isObject();
        }

        @Override
        public boolean declaresCancel() {
            return capability().path("cancel").isObject();
        }

        private JsonNode capability() {
            JsonNode tasks = initialized == null ? null : initialized.capabilities().get("tasks");
            return tasks == null ? Json.object() : tasks;
        }

        private void requireToolTasks(String method) {
            require("tasks", method);
            if (!declaresToolTasks()) {
                throw Failures.undeclared(server, "tasks for tools/call", method);
            }
        }

        /** {@code tools/call} with {@code task: {}}; the answer must be a {@code CreateTaskResult}. */
        @Override
        public McpTaskState.Created create(String tool, JsonNode arguments, Duration timeout, Cancellation cancellation) {
            requireToolTasks("a task-augmented tools/call");
            ObjectNode params = McpWire.toolCall(tool, arguments);
            params.putObject("task");
            JsonNode result = sender.send("tools/call", params, timeout, cancellation);
            return new McpTaskState.Created(McpWire.task(result == null ? null : result.get("task"), "tools/call"),
                    McpWire.immediateResponse(result));
        }

        @Override
        public McpTaskState get(McpTaskState last, Duration timeout, Cancellation cancellation) {
            requireToolTasks("tasks/get");
            return McpWire.task(sender.send("tasks/get", params(last.taskId()), timeout, cancellation), "tasks/get");
        }

        /** Refused: these tasks have no {@code tasks/update} (their input goes through {@code tasks/result}). */
        @Override
        public void answer(McpTaskState last, Map<String, JsonNode> pending, Duration timeout, Cancellation cancellation) {
            requireToolTasks("tasks/update");
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                    "server \"" + server + "\" speaks MCP tasks of 2025-11-25, which have no tasks/update");
        }

        @Override
        public McpCallResult result(String taskId, Duration timeout, Cancellation cancellation) {
            requireToolTasks("tasks/result");
            return McpWire.callResult(sender.send("tasks/result", params(taskId), timeout, cancellation));
        }

        @Override
        public void cancel(McpTaskState last, Duration timeout, Cancellation cancellation) {
            if (declaresCancel()) {
                sender.send("tasks/cancel", params(last.taskId()), timeout, cancellation);
            }
        }

        private static ObjectNode params(String taskId) {
            ObjectNode params = Json.object();
            params.put("taskId", taskId);
            return params;
        }
    }
}
