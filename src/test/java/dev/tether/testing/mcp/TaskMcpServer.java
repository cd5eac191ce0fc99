package dev.tether.testing.mcp;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server with task-capable tools (MCP 2025-11-25 tasks), run as its own process and
 * speaking the stdio wire format by hand. It declares {@code tasks} with {@code list},
 * {@code cancel} and {@code requests.tools.call}.
 *
 * <p><b>Flags</b>: {@code --no-tasks} declares no {@code tasks} capability; {@code --record F}
 * appends one line per request it receives to F ({@code method} or {@code method taskId});
 * {@code --state F} keeps its tasks in F so that a restarted server still knows them;
 * {@code --keep-created} makes a restarted server report their original {@code createdAt}
 * (without it, a new one: another task under the same id); {@code --start-file F --max-starts N}
 * counts starts in F and exits with status 4 at once from the (N+1)-th start on (a server that
 * cannot come back).
 *
 * <p><b>Tools</b> (all but {@code plain} and {@code maybe} require a task):
 * {@code job {ms, text, pollMs, immediate, status, message, notify}} ends after {@code ms} with
 * {@code status} ({@code completed} with the text {@code text}, or {@code failed} / {@code cancelled}
 * with {@code message}); {@code pollMs} is its {@code pollInterval}, {@code immediate} the
 * model-immediate-response text, {@code notify} sends {@code notifications/tasks/status} when it ends;
 * {@code vanish} is forgotten at once ({@code tasks/get} answers -32602 "Task not found");
 * {@code crash_job {ms}} exits with status 3 shortly after creating its task (it ends {@code ms}
 * after its creation, for a restarted server that kept it); {@code maybe} (task optional) answers
 * "foreground" when called without a task; {@code plain} echoes {@code text}.
 */
public final class TaskMcpServer {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    private static final Map<String, Task> TASKS = new ConcurrentHashMap<>();
    private static Path record;
    private static Path state;

    /** One task: when it ends and how. */
    private record Task(String id, String createdAt, long endsAtMillis, String status, String text, String message,
                        Long pollMs, boolean sendsStatus) {}

    public static void main(String[] args) throws Exception {
        List<String> flags = List.of(args);
        boolean tasks = !flags.contains("--no-tasks");
        record = path(args, "--record");
        state = path(args, "--state");
        Path starts = path(args, "--start-file");
        if (starts != null) {
            int count = Files.exists(starts) ? Integer.parseInt(Files.readString(starts).strip()) + 1 : 1;
            Files.writeString(starts, Integer.toString(count));
            if (count > Integer.parseInt(args[flags.indexOf("--max-starts") + 1])) {
                System.exit(4);
            }
        }
        if (state != null && Files.exists(state)) {
            restore(flags.contains("--keep-created"));
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            JsonNode message = JSON.readTree(line);
            String method = message.path("method").asString("");
            JsonNode id = message.get("id");
            JsonNode params = message.path("params");
            if (id == null) {
                continue;
            }
            record(method + (params.has("taskId") ? " " + params.path("taskId").asString() : ""));
            switch (method) {
                case "initialize" -> answer(id, initialize(tasks));
                case "tools/list" -> answer(id, JSON.readTree(TOOLS));
                case "ping" -> answer(id, JSON.createObjectNode());
                default -> Thread.ofPlatform().start(() -> handle(id, method, params));
            }
        }
    }

    private static ObjectNode initialize(boolean tasks) {
        ObjectNode result = JSON.createObjectNode();
        result.put("protocolVersion", "2025-11-25");
        ObjectNode caps = result.putObject("capabilities");
        caps.putObject("tools");
        if (tasks) {
            ObjectNode t = caps.putObject("tasks");
            t.putObject("list");
            t.putObject("cancel");
            t.putObject("requests").putObject("tools").putObject("call");
        }
        result.putObject("serverInfo").put("name", "tasks").put("version", "1");
        return result;
    }

    private static void handle(JsonNode id, String method, JsonNode params) {
        try {
            switch (method) {
                case "tools/call" -> call(id, params);
                case "tasks/get" -> {
                    Task task = TASKS.get(params.path("taskId").asString(""));
                    if (task == null) {
                        error(id, -32602, "Task not found");
                    } else {
                        answer(id, taskJson(task));
                    }
                }
                case "tasks/result" -> result(id, params.path("taskId").asString(""));
                case "tasks/cancel" -> {
                    Task task = TASKS.get(params.path("taskId").asString(""));
                    if (task == null) {
                        error(id, -32602, "Task not found");
                    } else {
                        Task cancelled = new Task(task.id, task.createdAt, 0, "cancelled", null, "cancelled by the client", task.pollMs, false);
                        TASKS.put(task.id, cancelled);
                        answer(id, taskJson(cancelled));
                    }
                }
                default -> error(id, -32601, "Method not found: " + method);
            }
        } catch (Exception e) {
            error(id, -32603, e.toString());
        }
    }

    private static void call(JsonNode id, JsonNode params) throws Exception {
        String name = params.path("name").asString("");
        JsonNode args = params.path("arguments");
        boolean asTask = params.has("task");
        if (name.equals("plain") || (name.equals("maybe") && !asTask)) {
            answer(id, text(name.equals("maybe") ? "foreground" : args.path("text").asString("")));
            return;
        }
        if (!asTask) {
            error(id, -32601, "tool " + name + " must be called as a task");
            return;
        }
        long now = System.currentTimeMillis();
        Long poll = args.has("pollMs") ? args.path("pollMs").asLong() : null;
        Task task = switch (name) {
            case "crash_job" -> new Task(UUID.randomUUID().toString(), Instant.now().toString(), now + args.path("ms").asLong(0),
                    "completed", "survived", null, poll, false);
            default -> new Task(UUID.randomUUID().toString(), Instant.now().toString(), now + args.path("ms").asLong(0),
                    args.path("status").asString("completed"), args.path("text").asString("done"),
                    args.path("message").asString(null), poll, args.path("notify").asBoolean(false));
        };
        if (!name.equals("vanish")) {
            TASKS.put(task.id, task);
            save();
        }
        ObjectNode result = JSON.createObjectNode();
        result.set("task", taskJson(task));
        if (args.has("immediate")) {
            result.putObject("_meta").put("io.modelcontextprotocol/model-immediate-response", args.path("immediate").asString());
        }
        answer(id, result);
        if (name.equals("crash_job")) {
            Thread.sleep(100);
            System.exit(3);
        }
        if (task.sendsStatus) {
            Thread.ofPlatform().start(() -> {
                sleep(Math.max(0, task.endsAtMillis - System.currentTimeMillis()));
                ObjectNode note = taskJson(TASKS.getOrDefault(task.id, task));
                send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/tasks/status\",\"params\":" + note + "}");
            });
        }
    }

    private static void result(JsonNode id, String taskId) {
        Task task = TASKS.get(taskId);
        if (task == null) {
            error(id, -32602, "Task not found");
            return;
        }
        while (TASKS.get(taskId) != null && System.currentTimeMillis() < TASKS.get(taskId).endsAtMillis) {
            sleep(20);
        }
        Task ended = TASKS.getOrDefault(taskId, task);
        if (!ended.status.equals("completed")) {
            error(id, -32603, "task " + ended.status + ": " + ended.message);
            return;
        }
        answer(id, text(ended.text));
    }

    private static ObjectNode taskJson(Task task) {
        ObjectNode node = JSON.createObjectNode();
        node.put("taskId", task.id);
        boolean over = System.currentTimeMillis() >= task.endsAtMillis;
        node.put("status", over ? task.status : "working");
        if (over && task.message != null) {
            node.put("statusMessage", task.message);
        }
        node.put("createdAt", task.createdAt);
        node.put("lastUpdatedAt", Instant.now().toString());
        node.put("ttl", 600_000);
        if (task.pollMs != null) {
            node.put("pollInterval", task.pollMs);
        }
        return node;
    }

    private static synchronized void save() throws IOException {
        if (state == null) {
            return;
        }
        ObjectNode all = JSON.createObjectNode();
        TASKS.values().forEach(t -> all.set(t.id, JSON.valueToTree(Map.of("createdAt", t.createdAt, "endsAt", t.endsAtMillis,
                "text", t.text == null ? "" : t.text))));
        Files.writeString(state, all.toString());
    }

    private static void restore(boolean keepCreated) throws IOException {
        JsonNode all = JSON.readTree(Files.readString(state));
        all.properties().forEach(e -> {
            JsonNode t = e.getValue();
            String created = keepCreated ? t.path("createdAt").asString() : Instant.now().plusSeconds(1).toString();
            TASKS.put(e.getKey(), new Task(e.getKey(), created, t.path("endsAt").asLong(), "completed", t.path("text").asString(),
                    null, null, false));
        });
    }

    private static Path path(String[] args, String flag) {
        int i = List.of(args).indexOf(flag);
        return i >= 0 ? Path.of(args[i + 1]) : null;
    }

    private static synchronized void record(String line) {
        if (record == null) {
            return;
        }
        try {
            Files.writeString(record, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("cannot record: " + e);
        }
    }

    private static ObjectNode text(String text) {
        ObjectNode result = JSON.createObjectNode();
        result.putArray("content").addObject().put("type", "text").put("text", text);
        return result;
    }

    private static void answer(JsonNode id, JsonNode result) {
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":" + result + "}");
    }

    private static void error(JsonNode id, int code, String message) {
        ObjectNode error = JSON.createObjectNode().put("code", code).put("message", message);
        send("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":" + error + "}");
    }

    private static synchronized void send(String frame) {
        OUT.println(frame);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final String TOOLS = """
            {"tools":[
             {"name":"job","description":"A job that runs as a task","inputSchema":{"type":"object"},
              "execution":{"taskSupport":"required"}},
             {"name":"vanish","description":"A task the server forgets","inputSchema":{"type":"object"},
              "execution":{"taskSupport":"required"}},
             {"name":"crash_job","description":"A task whose server exits","inputSchema":{"type":"object"},
              "execution":{"taskSupport":"required"}},
             {"name":"maybe","description":"Runs as a task on request","inputSchema":{"type":"object"},
              "execution":{"taskSupport":"optional"}},
             {"name":"plain","description":"Echoes text","inputSchema":{"type":"object"}}
            ]}""";

    private TaskMcpServer() {}
}
