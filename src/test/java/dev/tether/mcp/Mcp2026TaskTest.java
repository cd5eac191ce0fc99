package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.TaskFixture.fast;
import static dev.tether.mcp.TaskFixture.run;
import static dev.tether.mcp.TaskFixture.start;
import static dev.tether.mcp.TaskFixture.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.task.TaskEvents;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.Peer2026;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.tools.ToolError;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * MCP tasks with a server that speaks 2026-07-28, where tasks are the {@code io.modelcontextprotocol/tasks}
 * extension: the model starts one with {@code mcp_task_start}, it runs to its result through
 * {@code tasks/get}, the model cancels one with {@code mcp_task_cancel}, and an elicitation the task
 * needs reaches the user through the host and goes back with {@code tasks/update} — the same
 * behaviour the model and the editor get from a 2025-11-25 task server ({@link McpTasksTest}).
 */
class Mcp2026TaskTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    private static McpServerSpec peer(String tasks) {
        Path script = Peer2026.script();
        assumeTrue(script != null, "npm ci in conformance/ has not been run");
        return new McpServerSpec.Stdio("peer", "node", Peer2026.stdioArgs(script), Map.of("TASKS", tasks), null);
    }

    private static JsonNode stats(McpRuntime runtime) throws Exception {
        return Json.parse(text(run(runtime, "mcp__peer__peer_stats", json("{}"), Cancellation.root())));
    }

    private static String startTask(McpRuntime runtime, String arguments) throws Exception {
        return text(run(runtime, "mcp_task_start", json("{'tool':'mcp__peer__crunch','arguments':" + arguments + "}"),
                Cancellation.root()));
    }

    @Test
    void aTaskStartedByTheModelRunsToItsResultThroughTasksGet() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false);
        try (McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(60)), peer("on"))) {
            assertEquals("crunched a as a task", startTask(runtime, "{'label':'a'}"));
            assertTrue(stats(runtime).path("tasksGet").asInt() >= 2, "polled until completed: " + stats(runtime));
            assertTrue(host.backgrounded.isEmpty() && host.elicitations.isEmpty());

            assertEquals("crunched b at once", text(run(runtime, "mcp__peer__crunch", json("{'label':'b'}"), Cancellation.root())),
                    "a direct call does not declare the extension, so the server answers it at once, as in 2025-11-25");
            String list = text(run(runtime, "mcp_task_list", json("{}"), Cancellation.root()));
            assertTrue(list.contains("mcp__peer__crunch") && list.contains("completed") && !list.contains("task-1"),
                    "listed under Tether's id only: " + list);
        }
    }

    @Test
    void theModelCancelsARunningTask() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false);
        try (McpRuntime runtime = start(host, true, fast(Duration.ofMillis(300)), peer("on"))) {
            String shown = startTask(runtime, "{'label':'long','hold':true}");
            assertTrue(shown.contains("continues in the background"), shown);
            String id = host.backgrounded.getFirst().getKey().id().value();
            assertTrue(text(run(runtime, "mcp_task_status", json("{'taskId':'" + id + "'}"), Cancellation.root())).contains("working"));

            assertTrue(text(run(runtime, "mcp_task_cancel", json("{'taskId':'" + id + "'}"), Cancellation.root())).contains("cancelled"));
            Waits.eventually(WAIT, () -> stats(runtime).path("tasksCancel").asInt() == 1, "tasks/cancel reached the server");
            assertTrue(text(run(runtime, "mcp_task_status", json("{'taskId':'" + id + "'}"), Cancellation.root())).contains("cancelled"));
        }
    }

    @Test
    void anInputRequestDuringATaskReachesTheUserAndItsAnswerGoesBackWithTasksUpdate() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false)
                .answering((request, c) -> new ElicitationReply("accept", json("{'confirm':true}")));
        try (McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(60)), peer("on"))) {
            assertEquals("crunched c as a task (confirmed)", startTask(runtime, "{'label':'c','ask':true}"));
            assertEquals(1, host.elicitations.size(), "asked once, although tasks/get showed the request more than once");
            assertEquals("Crunch c?", host.elicitations.getFirst().message());
            assertEquals("peer", host.elicitations.getFirst().server());
            assertEquals("call-1", host.elicitations.getFirst().toolCallId(), "tied to the tool call waiting in the foreground");
            assertEquals(1, stats(runtime).path("tasksUpdate").asInt());
        }
    }

    @Test
    void anAnswerTheServerCannotTakeEndsTheTaskWithItsReasonAndTheUserIsAskedOnlyOnce() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false)
                .answering((request, c) -> new ElicitationReply("accept", json("{'confirm':true}")));
        try (McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(10)), peer("on"))) {
            ToolError.TellModel failed = assertThrows(ToolError.TellModel.class,
                    () -> startTask(runtime, "{'label':'u','ask':true,'failUpdate':true}"));
            assertTrue(failed.getMessage().contains("failed: the answer to the server's input request could not be delivered")
                    && failed.getMessage().contains("the answer store is unavailable")
                    && failed.getMessage().contains("cancelled the task"), failed.getMessage());
            assertEquals(1, host.elicitations.size(), "the question is not put again at the next poll");
            assertTrue(host.backgrounded.isEmpty() && host.ended.isEmpty(), "reported once, as the call's own result");
            JsonNode seen = stats(runtime);
            assertEquals(1, seen.path("tasksUpdate").asInt(), seen.toString());
            assertEquals(1, seen.path("tasksCancel").asInt(), "the server's task does not wait for an answer forever: " + seen);
            String list = text(run(runtime, "mcp_task_list", json("{}"), Cancellation.root()));
            assertTrue(list.contains("failed"), list);
        }
    }

    @Test
    void aTaskNotificationOnTheListenStreamWakesItsWatcherAndAForgedOneCreatesNothing() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false);
        try (McpRuntime runtime = start(host, true, fast(Duration.ZERO), peer("on"))) {
            // The task asks to be polled once an hour (five minutes at most): only a notification ends it in time.
            String shown = startTask(runtime, "{'label':'n','hold':true,'pollMs':3600000}");
            assertTrue(shown.contains("continues in the background"), shown);
            Waits.eventually(WAIT, () -> stats(runtime).path("listenTaskIds").size() == 1,
                    "the listen stream subscribes to the running task (taskIds)");

            String released = text(run(runtime, "mcp__peer__release", json("{'label':'n'}"), Cancellation.root()));
            assertTrue(released.contains("(1 notified)"), released);
            Waits.eventually(WAIT, () -> host.ended.size() == 1, "notifications/tasks woke the watcher");
            TaskEvents.TaskReport report = host.ended.getFirst();
            assertEquals("completed", report.status());
            assertEquals("crunched n as a task (released)", text(report.outcome()), "read with tasks/get, as after a poll");

            String list = text(run(runtime, "mcp_task_list", json("{}"), Cancellation.root()));
            assertEquals(1, list.split("mcp_task_", -1).length - 1, "one task, the one the model started: " + list);
            assertFalse(list.contains("forged") || list.contains("task-999"), list);
            assertEquals(1, host.ended.size());
        }
    }

    @Test
    void overHttpEveryTaskRequestNamesItsTaskForRouting() throws Exception {
        Path script = Peer2026.script();
        assumeTrue(script != null, "npm ci in conformance/ has not been run");
        ScriptedHost host = new ScriptedHost(true, false)
                .answering((request, c) -> new ElicitationReply("accept", json("{'confirm':true}")));
        // The SDK's HTTP entry refuses tasks/get, tasks/update and tasks/cancel without an Mcp-Name equal to the task id.
        try (Peer2026 http = Peer2026.http(script);
             McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(60)), new McpServerSpec.Http("peer", http.url(), Map.of()))) {
            assertEquals("crunched i as a task (confirmed)", startTask(runtime, "{'label':'i','ask':true}"));
            assertEquals(1, host.elicitations.size());
        }
    }

    @Test
    void aDeclinedInputIsTheServersToJudge() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false).answering((request, c) -> new ElicitationReply("decline", null));
        try (McpRuntime runtime = start(host, true, fast(Duration.ofSeconds(60)), peer("on"))) {
            assertEquals("crunched d as a task (not confirmed: decline)", startTask(runtime, "{'label':'d','ask':true}"));
        }
    }

    @Test
    void aBackgroundTaskEndsInTheSessionAsA2025TaskDoes() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false)
                .answering((request, c) -> new ElicitationReply("accept", json("{'confirm':true}")));
        // The foreground wait ends before the task asks for input; the answer and the end follow in the background.
        try (McpRuntime runtime = start(host, true, fast(Duration.ZERO), peer("on"))) {
            String shown = startTask(runtime, "{'label':'e','ask':true}");
            assertTrue(shown.contains("continues in the background"), shown);
            Waits.eventually(WAIT, () -> host.ended.size() == 1, "the end is delivered");
            TaskEvents.TaskReport report = host.ended.getFirst();
            assertEquals("completed", report.status());
            assertEquals("crunched e as a task (confirmed)", text(report.outcome()));
        }
    }

    @Test
    void aToolThatRunsOnlyAsATaskBecomesOneWhenCalledDirectly() throws Exception {
        try (McpRuntime runtime = start(new ScriptedHost(true, false), true, fast(Duration.ofSeconds(60)), peer("on"))) {
            assertEquals("crunched g as a task", text(run(runtime, "mcp__peer__bake", json("{'label':'g'}"), Cancellation.root())),
                    "the server's -32021 naming the extension turns the direct call into a task");
        }
        try (McpRuntime runtime = start(new ScriptedHost(true, false), false, fast(Duration.ofSeconds(60)), peer("on"))) {
            ToolError.TellModel refused = assertThrows(ToolError.TellModel.class,
                    () -> run(runtime, "mcp__peer__bake", json("{'label':'h'}"), Cancellation.root()));
            assertTrue(refused.getMessage().contains("did not declare"), "with tasks off it stays a readable error: " + refused.getMessage());
        }
    }

    @Test
    void withoutTheExtensionTheServersToolsCannotBeStartedAsTasks() throws Exception {
        try (McpRuntime runtime = start(new ScriptedHost(true, false), true, fast(Duration.ofSeconds(60)), peer("off"))) {
            assertFalse(runtime.tools().stream().anyMatch(t -> t.definition().name().equals("mcp_task_start")),
                    "nothing to start as a task");
            assertEquals("crunched f at once", text(run(runtime, "mcp__peer__crunch", json("{'label':'f'}"), Cancellation.root())));
        }
    }
}
