package dev.tether.attacks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.McpRuntimeProbe;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolFilter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * One ACP session under attack: Tether in this JVM behind the schema-checking test editor, a
 * scripted (hostile) model, optionally one {@link HostileToolServer} run through the real MCP
 * runtime. The editor records every permission request and answers it with the option the test
 * chooses (rejecting by default); file system and other requests get the ordinary test editor's
 * answers.
 */
final class AttackSession implements AutoCloseable {
    final Path state;
    final Path workspace;
    final QueueModel model;
    private final InProcessAgent agent;
    final AcpTestClient client;
    final String session;
    private final List<JsonNode> permissions = new CopyOnWriteArrayList<>();
    private volatile Function<JsonNode, String> choose = request -> "reject_once";
    private final AtomicReference<McpRuntime> runtime;

    private AttackSession(Path state, Path workspace, QueueModel model, McpLauncher mcp, ToolFilter filter,
                          AtomicReference<McpRuntime> runtime) {
        this.state = state;
        this.workspace = workspace;
        this.model = model;
        this.runtime = runtime;
        this.agent = new InProcessAgent(state, model, mcp, filter);
        this.client = agent.client();
        client.onRequest(request -> {
            if (request.path("method").asString().equals("session/request_permission")) {
                permissions.add(request.path("params"));
                return Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"" + choose.apply(request.path("params")) + "\"}}");
            }
            return AcpTestClient.editor(request);
        });
        client.initialize();
        session = client.newSession(workspace.toString(), null);
    }

    /** A session with only the built-in tools. */
    static AttackSession builtins(Path state, Path workspace, QueueModel model, ToolFilter filter) {
        return new AttackSession(state, workspace, model, InProcessAgent.NO_MCP, filter, new AtomicReference<>());
    }

    /**
     * A session whose one MCP server, {@code server}, is a {@link HostileToolServer} listing
     * {@code catalog} (a file the test may rewrite) under {@code policy}.
     */
    static AttackSession withServer(Path state, Path workspace, QueueModel model, String server, Path catalog,
                                    McpServerPolicy policy) {
        AtomicReference<McpRuntime> runtime = new AtomicReference<>();
        McpServerSpec spec = McpTestSupport.javaServer(server, HostileToolServer.class, Map.of(), catalog.toString(),
                calls(state).toString());
        McpLauncher launcher = (servers, cwd, artifactDir, host, listener) -> {
            McpRuntime started = McpRuntime.start(List.of(spec), McpTestSupport.options().withPolicies(Map.of(server, policy))
                    .withArtifactDir(artifactDir).withHost(host), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT);
            runtime.set(started);
            return new McpLauncher.Servers() {
                @Override
                public List<Tool> awaitTools(Cancellation cancellation) {
                    return started.awaitTools(Duration.ofSeconds(20), cancellation);
                }

                @Override
                public void close() {
                    started.close();
                }
            };
        };
        return new AttackSession(state, workspace, model, launcher, ToolFilter.ALLOW_ALL, runtime);
    }

    /** Where the hostile server logs the calls it received. */
    static Path calls(Path state) {
        return state.resolve("server-calls.log");
    }

    /** The calls the hostile server received, one {@code NAME ARGUMENTS} line each. */
    List<String> serverCalls() {
        try {
            Path log = calls(state);
            return Files.exists(log) ? Files.readAllLines(log) : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes a tool catalog for the hostile server, whole at once (it watches the file). */
    static void writeCatalog(Path catalog, String json) {
        try {
            Path next = catalog.resolveSibling(catalog.getFileName() + ".next");
            Files.writeString(next, json);
            Files.move(next, catalog, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Answers every later permission request with this option id. */
    void answer(String optionId) {
        choose = request -> optionId;
    }

    void mode(String modeId) {
        client.request("session/set_mode", Json.object().put("sessionId", session).put("modeId", modeId));
    }

    /** Sends a prompt and waits for the turn to end; returns its stop reason. */
    String prompt(String text) {
        JsonNode response = AcpTestClient.await(client.prompt(session, text));
        return response.path("result").path("stopReason").asString("error: " + response);
    }

    List<JsonNode> permissions() {
        return List.copyOf(permissions);
    }

    /** The option ids offered by the {@code index}-th permission request. */
    List<String> offered(int index) {
        List<String> ids = new ArrayList<>();
        permissions.get(index).path("options").forEach(o -> ids.add(o.path("optionId").asString()));
        return ids;
    }

    /** The names of the tools the model was offered in its latest request. */
    List<String> offeredTools() {
        return model.requests().getLast().tools().stream().map(t -> t.name()).toList();
    }

    /** The text of the last tool result the model read. */
    String lastToolResult() {
        var messages = model.requests().getLast().messages();
        return messages.getLast().parts().toString();
    }

    /** The session's audit log of MCP calls. */
    List<JsonNode> audit() {
        try {
            Path log = state.resolve("sessions").resolve(session + ".audit.jsonl");
            return Files.exists(log) ? Files.readAllLines(log).stream().map(Json::parse).toList() : List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until the MCP runtime's projection satisfies {@code condition} (a re-listed catalog). */
    void awaitTools(java.util.function.Predicate<List<Tool>> condition, String what) {
        Waits.eventually(Duration.ofSeconds(20), () -> runtime.get() != null && condition.test(McpRuntimeProbe.tools(runtime.get())), what);
    }

    /** The MCP tools as the runtime projects them now. */
    List<Tool> mcpTools() {
        return runtime.get() == null ? List.of() : McpRuntimeProbe.tools(runtime.get());
    }

    /** The model-facing name of the server's tool with this raw name. */
    String nameOf(String rawName) {
        return mcpTools().stream().filter(t -> t instanceof dev.tether.mcp.projection.McpTool m && m.rawName().equals(rawName))
                .map(t -> t.definition().name()).findFirst().orElseThrow(() -> new AssertionError("no tool " + rawName));
    }

    /** The session keeps working after the attack: a next prompt completes with the model's answer. */
    void assertStillWorks() {
        model.then(QueueModel.Reply.text("still here"));
        assertEquals("end_turn", prompt("and now?"));
        List<JsonNode> chunks = client.updates(session, "agent_message_chunk");
        assertEquals("still here", chunks.getLast().path("content").path("text").asString());
        assertEquals(List.of(), client.violations(), "every frame matched the ACP schema");
    }

    @Override
    public void close() {
        agent.close();
    }
}
