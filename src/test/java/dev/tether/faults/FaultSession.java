package dev.tether.faults;

import dev.tether.cli.FaultWiring;
import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.mcp.ChaosMcpServer;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One ACP session in trouble: Tether in this JVM behind the schema-checking test editor, the
 * real MCP launcher of {@code tether acp} configured by a config file's {@code "mcp"} keys (short
 * timeouts, small caps), a queued model, and MCP servers passed in {@code session/new} as an
 * editor passes them. Every stdio server it names carries {@link #tag} on its command line, so
 * {@link #serverPids} finds exactly this session's processes.
 *
 * <p>The editor allows permission requests and accepts elicitations unless a test replaces the
 * answer with {@link #onRequest}; it records every request it got.
 */
final class FaultSession implements AutoCloseable {
    final Path state;
    final QueueModel model;
    final String tag = "fault-" + UUID.randomUUID();
    final AcpTestClient client;
    final String session;
    final List<String> promptsSent = new CopyOnWriteArrayList<>();
    private final InProcessAgent agent;
    private volatile Function<JsonNode, JsonNode> editor = FaultSession::allowing;

    private FaultSession(Path state, QueueModel model, JsonNode config, Function<String, ArrayNode> servers) {
        this.state = state;
        this.model = model;
        this.agent = new InProcessAgent(state, model, FaultWiring.mcp(Map.of("HOME", state.toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")), config), ToolFilter.ALLOW_ALL, UnaryOperator.identity());
        this.client = agent.client();
        client.onRequest(request -> editor.apply(request));
        client.initialize();
        this.session = client.newSession(workspace(state).toString(), servers.apply(tag));
    }

    /** A session whose MCP servers are {@code servers(tag)}, under a config file {@code config}. */
    static FaultSession start(Path state, QueueModel model, String config, Function<String, ArrayNode> servers) {
        return new FaultSession(state, model, Json.parse(config), servers);
    }

    /** A session with one {@link ChaosMcpServer} named {@code chaos}, started with {@code flags}. */
    static FaultSession chaos(Path state, QueueModel model, String config, String... flags) {
        return start(state, model, config, tag -> servers(chaosServer("chaos", tag, flags)));
    }

    static Path workspace(Path state) {
        Path dir = state.resolve("workspace");
        try {
            return Files.createDirectories(dir);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static ArrayNode servers(JsonNode... entries) {
        ArrayNode list = Json.array();
        for (JsonNode entry : entries) {
            list.add(entry);
        }
        return list;
    }

    /** An ACP stdio server entry that runs the chaos server with the test JVM's java, tagged. */
    static ObjectNode chaosServer(String name, String tag, String... flags) {
        var spec = McpTestSupport.chaos(name, flags);
        ObjectNode entry = Json.object().put("name", name).put("command", spec.command());
        ArrayNode args = entry.putArray("args");
        spec.args().forEach(args::add);
        args.add("--tag").add(tag);
        entry.putArray("env");
        return entry;
    }

    /** An ACP streamable-HTTP server entry. */
    static ObjectNode httpServer(String name, String url) {
        ObjectNode entry = Json.object().put("type", "http").put("name", name).put("url", url);
        entry.putArray("headers");
        return entry;
    }

    /** Replaces how the editor answers Tether's requests; null from the function = never answer. */
    void onRequest(Function<JsonNode, JsonNode> answer) {
        editor = answer;
    }

    /** The plain editor: allow once, accept elicitations with no content, fs on disk. */
    static JsonNode allowing(JsonNode request) {
        if (request.path("method").asString().equals("elicitation/create")) {
            return Json.object().put("action", "accept").set("content", Json.object());
        }
        return AcpTestClient.editor(request);
    }

    /** Sends a prompt and waits for the turn to end; returns its stop reason. */
    String prompt(String text) {
        JsonNode response = AcpTestClient.await(send(text));
        return response.path("result").path("stopReason").asString("error: " + response);
    }

    /** Sends a prompt without waiting. */
    CompletableFuture<JsonNode> send(String text) {
        promptsSent.add(text);
        return client.prompt(session, text);
    }

    /** Everything the agent said in this session so far, in order. */
    String agentText() {
        StringBuilder text = new StringBuilder();
        client.updates(session, "agent_message_chunk").forEach(u -> text.append(u.path("content").path("text").asString()));
        return text.toString();
    }

    /** The last state of a tool call: its status and the text of its content. */
    ToolCallSeen toolCall(String toolCallId) {
        String status = null;
        String content = null;
        String title = null;
        for (JsonNode update : client.updates(session)) {
            if (!update.path("toolCallId").asString("").equals(toolCallId)) {
                continue;
            }
            status = update.path("status").asString(status);
            title = update.path("title").asString(title);
            if (update.has("content")) {
                List<String> texts = new ArrayList<>();
                update.path("content").forEach(c -> texts.add(c.path("content").path("text").asString("")));
                content = String.join("\n", texts);
            }
        }
        return new ToolCallSeen(toolCallId, title, status, content);
    }

    /** A tool call as the editor shows it last. */
    record ToolCallSeen(String id, String title, String status, String text) {
        /** The title and the content, as one message the user reads. */
        String shown() {
            return title + "\n" + text;
        }
    }

    /** The live processes of this session's stdio servers (and anything they started with the tag). */
    List<Long> serverPids() {
        return ProcessHandle.current().descendants().map(ProcessHandle::pid).filter(this::tagged).toList();
    }

    /**
     * Whether a process carries this session's tag and is not a zombie. Reads /proc itself:
     * {@link ProcessHandle.Info#arguments()} leaves out long command lines such as a test classpath.
     */
    private boolean tagged(long pid) {
        try {
            String cmdline = Files.readString(Path.of("/proc/" + pid + "/cmdline"));
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            boolean zombie = stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z");
            return !zombie && List.of(cmdline.split("\0")).contains(tag);
        } catch (java.io.IOException e) {
            return false; // gone meanwhile
        }
    }

    /** Closes the session through ACP. */
    void closeSession() {
        client.request("session/close", Json.object().put("sessionId", session));
    }

    @Override
    public void close() {
        agent.close();
        for (long pid : serverPids()) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }
}
