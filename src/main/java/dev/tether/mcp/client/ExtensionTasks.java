package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpTaskState;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tasks extension of MCP 2026-07-28 ({@code io.modelcontextprotocol/tasks}) on the wire: the
 * server, not the client, decides whether a {@code tools/call} becomes a task, and only when the
 * request declared the extension in its client capabilities; it then answers with a flat task
 * handle ({@code resultType: "task"}). {@code tasks/get} carries the result, the error or the
 * outstanding input requests inline ({@code tasks/result} is gone); {@code tasks/update} delivers
 * answers to input requests; {@code tasks/cancel} is an acknowledgement. Every one of these
 * requests declares the extension, and echoes the server's latest {@code requestState} when it
 * sent one.
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/tasks">MCP tasks extension (SEP-2663)</a>
 */
final class ExtensionTasks implements TaskRequests {
    static final String EXTENSION = "io.modelcontextprotocol/tasks";
    /** Input requests one task may have outstanding at once, as for a multi round-trip request. */
    static final int MAX_INPUT_REQUESTS = InputRounds.MAX_REQUESTS_PER_ROUND;
    /** The task id Tether gives a call the server answered at once, without a task (never sent back). */
    static final String ANSWERED_AT_ONCE = "(answered at once)";
    private static final int MAX_KEY_CHARS = 128;
    private static final int MAX_STATE_CHARS = 16 * 1024;

    private final String server;
    private final JsonNode capabilities;
    private final RequestSender sender;
    private final InputRounds.Answerer answerer;

    /**
     * @param capabilities what the server's {@code server/discover} answer declared
     * @param answerer     serves a task's input requests as if the server had sent them
     */
    ExtensionTasks(String server, JsonNode capabilities, RequestSender sender, InputRounds.Answerer answerer) {
        this.server = server;
        this.capabilities = capabilities;
        this.sender = sender;
        this.answerer = answerer;
    }

    /** Whether {@code capabilities} (a {@code server/discover} answer's) declare the extension. */
    static boolean declared(JsonNode capabilities) {
        return capabilities != null && capabilities.path("extensions").path(EXTENSION).isObject();
    }

    @Override
    public boolean declaresToolTasks() {
        return declared(capabilities);
    }

    /** Cancelling is part of the extension. */
    @Override
    public boolean declaresCancel() {
        return declaresToolTasks();
    }

    private void requireToolTasks(String method) {
        if (!declaresToolTasks()) {
            throw Failures.undeclared(server, "tasks for tools/call", method);
        }
    }

    /**
     * {@code tools/call} declaring the extension. A task handle is read as the task; a plain result
     * (the server chose to answer at once) as a task that has already completed with it.
     */
    @Override
    public McpTaskState.Created create(String tool, JsonNode arguments, Duration timeout, Cancellation cancellation) {
        requireToolTasks("a task-augmented tools/call");
        JsonNode result = sender.send("tools/call", McpWire.toolCall(tool, arguments), timeout, McpError.Timeout.Kind.REQUEST,
                true, cancellation);
        if (!"task".equals(Stateless2026.resultType(result))) {
            McpCallResult answered = McpWire.callResult(result);
            return new McpTaskState.Created(new McpTaskState(ANSWERED_AT_ONCE, McpTaskState.Status.COMPLETED, null,
                    Instant.now().toString(), null, new McpTaskState.Detail(answered, null, Map.of(), null)), null);
        }
        return new McpTaskState.Created(task(result, "tools/call"), McpWire.immediateResponse(result));
    }

    @Override
    public McpTaskState get(McpTaskState last, Duration timeout, Cancellation cancellation) {
        requireToolTasks("tasks/get");
        return task(sender.send("tasks/get", params(last), timeout, McpError.Timeout.Kind.REQUEST, true, cancellation),
                "tasks/get");
    }

    /**
     * Answers {@code pending} (input requests of {@code last}, by key) through the session's
     * elicitation, sampling and roots paths, then delivers the answers with {@code tasks/update}.
     *
     * @throws McpError.Refused a request Tether cannot answer (not granted, declined by policy)
     */
    @Override
    public void answer(McpTaskState last, Map<String, JsonNode> pending, Duration timeout, Cancellation cancellation) {
        requireToolTasks("tasks/update");
        ObjectNode responses = Json.object();
        for (Map.Entry<String, JsonNode> entry : pending.entrySet()) {
            responses.set(entry.getKey(), InputRounds.answer("task " + last.taskId(), entry.getKey(), entry.getValue(),
                    answerer, cancellation));
        }
        cancellation.throwIfCancelled();
        ObjectNode params = params(last);
        params.set("inputResponses", responses);
        sender.send("tasks/update", params, timeout, McpError.Timeout.Kind.REQUEST, true, cancellation);
    }

    /** Refused: the result comes with {@code tasks/get}. */
    @Override
    public McpCallResult result(String taskId, Duration timeout, Cancellation cancellation) {
        requireToolTasks("tasks/result");
        throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED,
                "the tasks extension has no tasks/result: the result comes with tasks/get");
    }

    /** Nothing is sent for a call the server answered at once: there is no task to cancel. */
    @Override
    public void cancel(McpTaskState last, Duration timeout, Cancellation cancellation) {
        if (declaresCancel() && !ANSWERED_AT_ONCE.equals(last.taskId())) {
            sender.send("tasks/cancel", params(last), timeout, McpError.Timeout.Kind.REQUEST, true, cancellation);
        }
    }

    private static ObjectNode params(McpTaskState last) {
        ObjectNode params = Json.object();
        params.put("taskId", last.taskId());
        String state = last.detail() == null ? null : last.detail().requestState();
        if (state != null) {
            params.put("requestState", state);
        }
        return params;
    }

    /**
     * A flat task (a task handle or a {@code tasks/get} answer). One without an id, a status or a
     * creation time is malformed; so are more input requests than Tether answers or unusable keys.
     * The poll interval is read under its current name and the earlier drafts' names.
     */
    static McpTaskState task(JsonNode node, String what) {
        // The fields a 2025-11-25 task has too, checked the same way.
        McpTaskState head = McpWire.task(node, what);
        McpTaskState.Status parsed = head.status();
        McpCallResult result = null;
        JsonNode inline = node.get("result");
        if (parsed == McpTaskState.Status.COMPLETED && inline != null && inline.isObject()) {
            result = McpWire.callResult(inline);
        }
        String state = McpWire.text(node, "requestState");
        if (state != null && state.length() > MAX_STATE_CHARS) {
            throw new McpError.Refused(McpError.Refused.Ground.BOUND, what + " sent a requestState of " + state.length()
                    + " characters; Tether echoes at most " + MAX_STATE_CHARS);
        }
        return new McpTaskState(head.taskId(), parsed, head.statusMessage(), head.createdAt(), pollInterval(node),
                new McpTaskState.Detail(result, parsed == McpTaskState.Status.FAILED ? error(node.get("error")) : null,
                        parsed == McpTaskState.Status.INPUT_REQUIRED ? inputRequests(node.get("inputRequests"), what) : Map.of(),
                        state));
    }

    private static Long pollInterval(JsonNode node) {
        for (String name : new String[] {"pollIntervalMs", "pollIntervalMilliseconds", "pollInterval"}) {
            JsonNode value = node.get(name);
            if (value != null && value.isIntegralNumber()) {
                return value.asLong();
            }
        }
        return null;
    }

    /** The JSON-RPC error of a failed task as text: "message (code n)"; the caller sanitises it. */
    private static String error(JsonNode error) {
        if (error == null || !error.isObject()) {
            return null;
        }
        String message = McpWire.text(error, "message");
        JsonNode code = error.get("code");
        return (message == null ? "no message" : message) + (code != null && code.isIntegralNumber() ? " (code " + code.asLong() + ")" : "");
    }

    private static Map<String, JsonNode> inputRequests(JsonNode requests, String what) {
        if (requests == null || !requests.isObject()) {
            return Map.of();
        }
        if (requests.size() > MAX_INPUT_REQUESTS) {
            throw new McpError.Refused(McpError.Refused.Ground.BOUND, what + " listed " + requests.size()
                    + " input requests at once; Tether answers at most " + MAX_INPUT_REQUESTS);
        }
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> entry : requests.properties()) {
            if (entry.getKey().isEmpty() || entry.getKey().length() > MAX_KEY_CHARS) {
                throw new McpError.Malformed(what + " named an input request with an unusable key");
            }
            out.put(entry.getKey(), entry.getValue());
        }
        return out;
    }
}
