package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.TaskFixture.fast;
import static dev.tether.mcp.TaskFixture.received;
import static dev.tether.mcp.TaskFixture.run;
import static dev.tether.mcp.TaskFixture.server;
import static dev.tether.mcp.TaskFixture.start;
import static dev.tether.mcp.TaskFixture.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.task.TaskEvents;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MCP tasks against the task test server: foreground, background, failures, cancellation, close. */
class McpTasksTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @Test
    void aTaskRequiredToolIsNotOfferedWhileTasksAreOffAndSlashMcpSaysWhy(@TempDir Path dir) {
        try (McpRuntime runtime = start(new ScriptedHost(false, false), false, fast(Duration.ofSeconds(5)), server("tasks", dir.resolve("r")))) {
            var names = runtime.tools().stream().map(t -> t.definition().name()).toList();
            assertFalse(names.contains("mcp__tasks__job"), names.toString());
            assertTrue(names.contains("mcp__tasks__plain") && names.contains("mcp__tasks__maybe"), names.toString());
            assertFalse(names.contains("mcp_task_list"), "no task tools without tasks: " + names);
            String why = runtime.withheldTools("tasks");
            assertTrue(why != null && why.contains("job") && why.contains("\"tasks\": true"), why);
        }
    }

    @Test
    void aServerThatDeclaresNoTasksKeepsItsRequiredToolsHiddenEvenWithTasksOn(@TempDir Path dir) {
        try (McpRuntime runtime = start(new ScriptedHost(false, false), true, fast(Duration.ofSeconds(5)),
                server("tasks", dir.resolve("r"), "--no-tasks"))) {
            assertFalse(runtime.tools().stream().anyMatch(t -> t.definition().name().equals("mcp__tasks__job")));
            assertTrue(runtime.withheldTools("tasks").contains("did not declare tasks"), runtime.withheldTools("tasks"));
        }
    }

    @Test
    void aQuickTaskAnswersInTheForegroundAndAnOptionalToolStaysAPlainCall(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("r");
        ScriptedHost host = new ScriptedHost(false, false);
        try (McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(15)), server("tasks", record))) {
            ToolOutcome outcome = run(runtime, "mcp__tasks__job", json("{'ms':300,'text':'hello from the task'}"), Cancellation.root());
            assertEquals("hello from the task", text(outcome));
            assertTrue(host.backgrounded.isEmpty() && host.ended.isEmpty(), "nothing went to the background");
            assertTrue(received(record).stream().anyMatch(l -> l.startsWith("tasks/result ")), received(record).toString());
            assertEquals("foreground", text(run(runtime, "mcp__tasks__maybe", json("{}"), Cancellation.root())));
        }
    }

    @Test
    void aSlowTaskGoesToTheBackgroundAndItsResultFollows(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("r");
        ScriptedHost host = new ScriptedHost(false, false);
        try (McpRuntime runtime = start(host, true, fast(Duration.ofMillis(300)), server("tasks", record))) {
            String shown = text(run(runtime, "mcp__tasks__job",
                    json("{'ms':1500,'text':'the late result','immediate':'Started\\u200b the build'}"), Cancellation.root()));
            assertTrue(shown.contains("mcp_task_") && shown.contains("continues in the background"), shown);
            assertTrue(shown.contains("Started the build"), "the immediate response, sanitised: " + shown);
            String serverId = received(record).stream().filter(l -> l.startsWith("tasks/get ")).findFirst().orElseThrow().substring(10);
            assertFalse(shown.contains(serverId), "the server's task id stays inside");
            assertEquals(1, host.backgrounded.size());
            assertEquals("Started the build", host.backgrounded.getFirst().getValue());

            Waits.eventually(WAIT, () -> host.ended.size() == 1, "the background task's end is delivered");
            TaskEvents.TaskReport report = host.ended.getFirst();
            assertEquals("completed", report.status());
            assertEquals("the late result", text(report.outcome()));
            assertTrue(shown.contains(report.id().value()), "the same id in the notice and the report");
            assertEquals("mcp__tasks__job", report.tool());

            String result = text(run(runtime, "mcp_task_result", json("{'taskId':'" + report.id() + "'}"), Cancellation.root()));
            assertTrue(result.contains("the late result"), result);
            String list = text(run(runtime, "mcp_task_list", json("{}"), Cancellation.root()));
            assertTrue(list.contains(report.id().value()) && list.contains("completed"), list);
        }
    }

    @Test
    void failedAndVanishedTasksAreReadableToolErrors(@TempDir Path dir) {
        try (McpRuntime runtime = start(new ScriptedHost(false, false), true, fast(Duration.ofSeconds(15)), server("tasks", dir.resolve("r")))) {
            ToolError.TellModel failed = assertThrows(ToolError.TellModel.class, () -> run(runtime, "mcp__tasks__job",
                    json("{'ms':200,'status':'failed','message':'disk full'}"), Cancellation.root()));
            assertTrue(failed.getMessage().contains("failed") && failed.getMessage().contains("disk full"), failed.getMessage());
            ToolError.TellModel gone = assertThrows(ToolError.TellModel.class,
                    () -> run(runtime, "mcp__tasks__vanish", json("{}"), Cancellation.root()));
            assertTrue(gone.getMessage().contains("no longer knows"), gone.getMessage());
        }
    }

    @Test
    void aStatusNotificationWakesTheWatcherBeforeItsPollInterval(@TempDir Path dir) throws Exception {
        ScriptedHost host = new ScriptedHost(false, false);
        // pollInterval of an hour: clamped to the five-minute ceiling, far beyond the foreground wait.
        try (McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(60)), server("tasks", dir.resolve("r")))) {
            ToolOutcome outcome = run(runtime, "mcp__tasks__job",
                    json("{'ms':300,'pollMs':3600000,'notify':true,'text':'woken'}"), Cancellation.root());
            assertEquals("woken", text(outcome));
            assertTrue(host.backgrounded.isEmpty());
        }
    }

    @Test
    void cancellingTheTurnDuringTheForegroundWaitSendsTasksCancel(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("r");
        try (McpRuntime runtime = start(new ScriptedHost(false, false), true, fast(Duration.ofSeconds(60)), server("tasks", record))) {
            Cancellation turn = Cancellation.root();
            CompletableFuture<Object> call = CompletableFuture.supplyAsync(() -> {
                try {
                    return run(runtime, "mcp__tasks__job", json("{'ms':60000}"), turn);
                } catch (RuntimeException | ToolError e) {
                    return e;
                }
            });
            Waits.eventually(WAIT, () -> received(record).stream().anyMatch(l -> l.startsWith("tasks/get ")), "the task is polled");
            turn.cancel();
            assertTrue(call.get() instanceof CancelledException, String.valueOf(call.get()));
            String serverId = received(record).stream().filter(l -> l.startsWith("tasks/get ")).findFirst().orElseThrow().substring(10);
            Waits.eventually(WAIT, () -> received(record).contains("tasks/cancel " + serverId), "tasks/cancel reached the server");
        }
    }

    @Test
    void closingTheRuntimeCancelsItsBackgroundTasks(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("r");
        ScriptedHost host = new ScriptedHost(false, false);
        McpRuntime runtime = start(host, true, fast(Duration.ofMillis(200)), server("tasks", record));
        String shown = text(run(runtime, "mcp__tasks__job", json("{'ms':600000}"), Cancellation.root()));
        assertTrue(shown.contains("continues in the background"), shown);
        runtime.close();
        assertTrue(received(record).stream().anyMatch(l -> l.startsWith("tasks/cancel ")), received(record).toString());
        assertTrue(host.ended.isEmpty(), "a task cancelled by closing is not delivered to a closed session");
    }

    @Test
    void theModelToolsCancelAndReadOnlyThisRuntimesTasks(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("r");
        ScriptedHost host = new ScriptedHost(false, false);
        try (McpRuntime mine = start(host, true, fast(Duration.ofMillis(200)), server("tasks", record));
             McpRuntime other = start(new ScriptedHost(false, false), true, fast(Duration.ofMillis(200)), server("tasks", dir.resolve("o")))) {
            text(run(mine, "mcp__tasks__job", json("{'ms':600000}"), Cancellation.root()));
            String taskId = host.backgrounded.getFirst().getKey().id().value();
            ToolError.TellModel unknown = assertThrows(ToolError.TellModel.class,
                    () -> run(other, "mcp_task_cancel", json("{'taskId':'" + taskId + "'}"), Cancellation.root()));
            assertTrue(unknown.getMessage().contains("no MCP task"), unknown.getMessage());
            assertTrue(text(run(other, "mcp_task_list", json("{}"), Cancellation.root())).contains("No MCP tasks"));
            assertTrue(text(run(mine, "mcp_task_status", json("{'taskId':'" + taskId + "'}"), Cancellation.root())).contains("working"));
            assertTrue(text(run(mine, "mcp_task_cancel", json("{'taskId':'" + taskId + "'}"), Cancellation.root())).contains("cancelled"));
            Waits.eventually(WAIT, () -> received(record).stream().anyMatch(l -> l.startsWith("tasks/cancel ")), "tasks/cancel sent");
            assertTrue(text(run(mine, "mcp_task_status", json("{'taskId':'" + taskId + "'}"), Cancellation.root())).contains("cancelled"));
        }
    }

    @Test
    void taskAugmentedElicitationFromAServerIsRefusedBecauseTetherDeclaresNoTasks() {
        ScriptedHost host = new ScriptedHost(true, false).answering((r, c) -> new dev.tether.mcp.interaction.elicitation.ElicitationReply("accept", json("{}")));
        try (McpRuntime runtime = Interact.start(host, java.util.Map.of(), dev.tether.testing.mcp.McpTestSupport.chaos("chaos"))) {
            var answer = Interact.ask(runtime, "chaos", "elicitation/create",
                    json("{'mode':'form','message':'hi','requestedSchema':{'type':'object','properties':{}},'task':{'ttl':1000}}"));
            assertEquals(-32602, answer.path("error").path("code").asInt(), answer.toString());
            assertTrue(host.elicitations.isEmpty(), "nothing reached the user");
        }
    }
}
