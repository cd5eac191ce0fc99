package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.Part;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** Cancellation, idle timeout and progress routing of tools/call against a fake server. */
class CallLifecycleTest {
    private static final Duration IDLE = Duration.ofMillis(800);
    private static McpRuntime runtime;
    private static List<Tool> tools;

    @BeforeAll
    static void start() {
        McpRuntimeOptions opts = options().withPolicies(Map.of("fake", new McpServerPolicy(Map.of(), List.of(), List.of(),
                new McpRuntimeOptions.CallTimeouts(IDLE, Duration.ofSeconds(30)))));
        runtime = McpRuntime.start(List.of(fake("fake")), opts, McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT);
        tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void cancellingTheTurnWithdrawsTheCallFromTheServer() throws Exception {
        Cancellation turn = Cancellation.root();
        CompletableFuture.delayedExecutor(300, java.util.concurrent.TimeUnit.MILLISECONDS).execute(turn::cancel);
        // Cancelled, not abandoned by the idle timeout (which fails the call with ToolError instead).
        assertThrows(CancelledException.class, () -> tool(tools, "mcp__fake__hang")
                .run(JsonNodeFactory.instance.objectNode(), context("c1", turn, null)));
        awaitStderr("cancelled ");
    }

    @Test
    void aSilentCallIsAbandonedAfterTheIdleTimeoutAndWithdrawn() throws Exception {
        ToolError.TellModel failure = assertThrows(ToolError.TellModel.class, () -> tool(tools, "mcp__fake__hang")
                .run(JsonNodeFactory.instance.objectNode(), context("c2", Cancellation.root(), null)));
        assertEquals("fake: the server sent nothing about the call for 800 ms, so it was abandoned (the call\'s idle limit, mcp.callIdleSeconds)", failure.getMessage());
        awaitStderr("cancelled ");
        assertEquals(ServerStatus.State.READY, runtime.status().getFirst().state());
    }

    @Test
    void progressRefreshesTheIdleTimeoutAndReachesOnlyItsOwnCall() throws Exception {
        List<SessionUpdate> updates = Collections.synchronizedList(new ArrayList<>());
        // Each call runs 5 × 400 ms = 2 s, far past the 800 ms idle timeout, yet never idle.
        CompletableFuture<ToolOutcome> a = CompletableFuture.supplyAsync(() -> run("a", updates));
        CompletableFuture<ToolOutcome> b = CompletableFuture.supplyAsync(() -> run("b", updates));
        assertEquals(List.of(new Part.Text("done a")), a.get().forModel());
        assertEquals(List.of(new Part.Text("done b")), b.get().forModel());
        for (String label : List.of("a", "b")) {
            List<String> texts = updates.stream().map(u -> ((SessionUpdate.ToolCallUpdate) u).fields())
                    .filter(f -> f.toolCallId().equals("call-" + label))
                    .map(f -> ((ContentBlock.Text) ((ToolCallContent.Content) f.content().getFirst()).content()).text())
                    .toList();
            assertEquals(List.of("1/5 — " + label + " 1", "2/5 — " + label + " 2", "3/5 — " + label + " 3",
                    "4/5 — " + label + " 4", "5/5 — " + label + " 5"), texts);
        }
    }

    private static ToolOutcome run(String label, List<SessionUpdate> updates) {
        ObjectNode args = JsonNodeFactory.instance.objectNode().put("steps", 5).put("delayMs", 400).put("label", label);
        try {
            return tool(tools, "mcp__fake__slow").run(args, context("call-" + label, Cancellation.root(), updates));
        } catch (ToolError e) {
            throw new AssertionError(e.getMessage());
        }
    }

    private static void awaitStderr(String text) throws InterruptedException {
        long deadline = System.nanoTime() + 3_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (runtime.connection("fake").stderrTail().contains(text)) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("server never reported \"" + text + "\"; stderr: " + runtime.connection("fake").stderrTail());
    }
}
