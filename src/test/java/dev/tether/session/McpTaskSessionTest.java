package dev.tether.session;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.mcp.task.TaskSettings;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.mcp.TaskMcpServer;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * MCP tasks through ACP: a task that outlives its turn shows a notice, its result reaches the
 * editor later (kept for {@code session/load}) and the model at its next request; cancelling the
 * turn or closing the session sends {@code tasks/cancel}; another session cannot touch the task.
 */
class McpTaskSessionTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    private final AtomicInteger sessions = new AtomicInteger();

    /** Each session runs its own task server, recording what it receives in {@code record-N}. */
    private McpLauncher launcher(Duration foreground) {
        return (specs, cwd, artifactDir, host, listener) -> {
            Path record = dir.resolve("record-" + sessions.incrementAndGet());
            var spec = McpTestSupport.javaServer("tasks", TaskMcpServer.class, Map.of(), "--record", record.toString());
            McpServerPolicy policy = TestSettings.withTasks(true);
            McpRuntime runtime = McpRuntime.start(List.of(spec), McpTestSupport.options().withPolicies(Map.of("tasks", policy))
                            .withArtifactDir(artifactDir).withHost(host)
                            .withTasks(TestSettings.withPolling(TaskSettings.DEFAULT.withForeground(foreground), Duration.ofMillis(50), Duration.ofMillis(100))),
                    McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT);
            return new McpLauncher.Servers() {
                @Override
                public List<Tool> awaitTools(Cancellation cancellation) {
                    return runtime.awaitTools(Duration.ofSeconds(20), cancellation);
                }

                @Override
                public void close() {
                    runtime.close();
                }
            };
        };
    }

    private List<String> received(int session) throws Exception {
        Path record = dir.resolve("record-" + session);
        return Files.exists(record) ? Files.readAllLines(record) : List.of();
    }

    private static String stop(AcpTestClient client, String session, String text) {
        return AcpTestClient.await(client.prompt(session, text)).path("result").path("stopReason").asString();
    }

    private static List<String> messages(AcpTestClient client, String session) {
        return client.updates(session, "agent_message_chunk").stream().map(u -> u.path("content").path("text").asString()).toList();
    }

    private static String lastUserText(QueueModel model) {
        List<ModelMessage> messages = model.requests().getLast().messages();
        return messages.getLast().parts().stream().filter(Part.Text.class::isInstance).map(p -> ((Part.Text) p).text())
                .collect(Collectors.joining());
    }

    @Test
    void aBackgroundTaskNotifiesTheUserThenDeliversItsResultToTheEditorAndTheModel() throws Exception {
        Path state = dir.resolve("state");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("t1", "mcp__tasks__job", Json.object().put("ms", 1500).put("text", "BUILD OK"))))
                .then(QueueModel.Reply.text("It runs in the background."))
                .then(QueueModel.Reply.text("The build passed."));
        String session;
        List<String> shown;
        try (InProcessAgent agent = new InProcessAgent(state, model, launcher(Duration.ofMillis(200)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", stop(client, session, "Run the build"));
            assertTrue(messages(client, session).stream().anyMatch(m -> m.contains("continues in the background")),
                    messages(client, session).toString());
            Waits.eventually(WAIT, () -> messages(client, session).stream().anyMatch(m -> m.contains("BUILD OK")),
                    "the task's result reaches the editor after the turn");
            assertEquals(List.of(), client.violations());

            assertEquals("end_turn", stop(client, session, "Did it pass?"));
            String seen = lastUserText(model);
            assertTrue(seen.contains("[Background MCP task mcp_task_") && seen.contains("untrusted output")
                    && seen.contains("BUILD OK") && seen.contains("Did it pass?"), seen);
            shown = messages(client, session).stream().filter(m -> m.contains("BUILD OK")).toList();
        }
        try (InProcessAgent agent = new InProcessAgent(state, new QueueModel(), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", dir.toString()).set("mcpServers", Json.array()));
            assertEquals(shown, messages(client, session).stream().filter(m -> m.contains("BUILD OK")).toList(),
                    "session/load replays the task's result");
        }
    }

    @Test
    void cancellingTheTurnDuringTheForegroundWaitSendsTasksCancel() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("t1", "mcp__tasks__job", Json.object().put("ms", 600_000))));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, launcher(Duration.ofSeconds(120)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            var turn = client.prompt(session, "Run it");
            Waits.eventually(WAIT, () -> received(1).stream().anyMatch(l -> l.startsWith("tasks/get ")), "the task is being polled");
            client.cancel(session);
            assertEquals("cancelled", AcpTestClient.await(turn).path("result").path("stopReason").asString());
            Waits.eventually(WAIT, () -> received(1).stream().anyMatch(l -> l.startsWith("tasks/cancel ")), "tasks/cancel reached the server");
        }
    }

    @Test
    void closingTheSessionCancelsItsTasks() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("t1", "mcp__tasks__job", Json.object().put("ms", 600_000))))
                .then(QueueModel.Reply.text("Started."));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, launcher(Duration.ofMillis(200)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", stop(client, session, "Start the long job"));
            assertFalse(received(1).stream().anyMatch(l -> l.startsWith("tasks/cancel ")));
            client.request("session/close", Json.object().put("sessionId", session));
            assertTrue(received(1).stream().anyMatch(l -> l.startsWith("tasks/cancel ")), received(1).toString());
        }
    }

    @Test
    void anotherSessionCannotSeeOrCancelTheTask() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("t1", "mcp__tasks__job", Json.object().put("ms", 600_000))))
                .then(QueueModel.Reply.text("Started."));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, launcher(Duration.ofMillis(200)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String mine = client.newSession(dir.toString(), null);
            // Launches run in the background: let the first session's take record-1 before the second starts.
            dev.tether.testing.Waits.eventually(WAIT, () -> sessions.get() == 1, "the first session's MCP launch");
            String other = client.newSession(dir.toString(), null);
            assertEquals("end_turn", stop(client, mine, "Start the long job"));
            String notice = model.requests().getLast().messages().getLast().parts().stream()
                    .filter(Part.ToolResult.class::isInstance).map(p -> ((Part.ToolResult) p).content().toString())
                    .findFirst().orElseThrow();
            String taskId = notice.replaceAll("(?s).*(mcp_task_[0-9a-f]+).*", "$1");
            assertTrue(taskId.startsWith("mcp_task_"), notice);

            model.then(QueueModel.Reply.tools(use("c1", "mcp_task_cancel", Json.object().put("taskId", taskId)),
                            use("l1", "mcp_task_list", Json.object())))
                    .then(QueueModel.Reply.text("Tried."));
            assertEquals("end_turn", stop(client, other, "Cancel that task"));
            String results = model.requests().getLast().messages().getLast().parts().stream()
                    .filter(Part.ToolResult.class::isInstance).map(p -> ((Part.ToolResult) p).content().toString())
                    .collect(Collectors.joining("\n"));
            assertTrue(results.contains("no MCP task " + taskId + " in this session"), results);
            assertTrue(results.contains("No MCP tasks in this session"), results);
            assertFalse(received(1).stream().anyMatch(l -> l.startsWith("tasks/cancel ")), "the owner's task was not cancelled");
            assertFalse(received(2).stream().anyMatch(l -> l.startsWith("tasks/")), "nothing reached the other session's server");
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void theModelStartsAnOptionalToolAsATaskThroughTheSamePermissionRequest() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("s1", "mcp_task_start", Json.object().put("tool", "mcp__tasks__maybe")
                        .set("arguments", Json.object().put("text", "ran as a task")))))
                .then(QueueModel.Reply.tools(use("d1", "mcp__tasks__maybe", Json.object())))
                .then(QueueModel.Reply.tools(use("p1", "mcp_task_start", Json.object().put("tool", "mcp__tasks__plain"))))
                .then(QueueModel.Reply.text("Done."));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, launcher(Duration.ofSeconds(30)))) {
            AcpTestClient client = agent.client();
            java.util.List<JsonNode> asked = new java.util.concurrent.CopyOnWriteArrayList<>();
            client.onRequest(request -> {
                if (request.path("method").asString().equals("session/request_permission")) {
                    asked.add(request.path("params").path("toolCall"));
                }
                return AcpTestClient.editor(request);
            });
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", stop(client, session, "Run maybe both ways"));
            assertEquals(3, asked.size(), asked.toString());
            assertEquals("tasks: maybe", asked.get(1).path("title").asString(), "a direct call");
            assertEquals(asked.get(1).path("title"), asked.get(0).path("title"), "the task start is asked about as the tool itself");
            assertEquals(Json.object().put("text", "ran as a task"), asked.get(0).path("rawInput"), "with the tool's own arguments");
            assertEquals("Start an MCP tool as a task", asked.get(2).path("title").asString(),
                    "a start naming no such tool is asked about on its own (and then fails)");
            String results = model.requests().stream().flatMap(r -> r.messages().stream()).flatMap(m -> m.parts().stream())
                    .filter(Part.ToolResult.class::isInstance).map(p -> ((Part.ToolResult) p).toolUseId() + "=" + ((Part.ToolResult) p).content())
                    .distinct().collect(Collectors.joining("\n"));
            assertTrue(results.contains("s1=") && results.contains("ran as a task"), results);
            assertTrue(results.contains("d1=") && results.contains("foreground"), results);
            assertTrue(results.contains("p1=") && results.contains("must name an offered MCP tool"), results);
            assertTrue(received(1).stream().anyMatch(l -> l.startsWith("tasks/result ")), "the first call ran as a task");
            assertEquals(List.of(), client.violations());
        }
    }
}
