package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.javaServer;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.base.Cancellation;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.Part;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.calls.ProgressServer;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Only valid progress (this call's token, a value that increases) refreshes the idle timeout; the
 * total timeout holds despite valid progress; both withdraw the call with notifications/cancelled;
 * an isError answer is a (redacted) result, not a failure.
 */
class ProgressAndTimeoutsTest {
    private static final Duration IDLE = Duration.ofMillis(700);
    private static final Duration TOTAL = Duration.ofMillis(2500);
    private static McpRuntime runtime;
    private static List<Tool> tools;

    @BeforeAll
    static void start() {
        McpRuntimeOptions opts = options().withPolicies(Map.of("p", new McpServerPolicy(Map.of(), List.of(), List.of(),
                new McpRuntimeOptions.CallTimeouts(IDLE, TOTAL))));
        runtime = McpRuntime.start(List.of(javaServer("p", ProgressServer.class, Map.of())), opts, McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT);
        tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    private static ObjectNode delay(int ms) {
        return JsonNodeFactory.instance.objectNode().put("delayMs", ms);
    }

    @Test
    void progressThatDoesNotIncreaseDoesNotKeepACallAlive() throws Exception {
        int before = cancellations();
        List<SessionUpdate> updates = Collections.synchronizedList(new ArrayList<>());
        ToolError.TellModel failure = assertThrows(ToolError.TellModel.class,
                () -> tool(tools, "mcp__p__repeat").run(delay(200), context("r", Cancellation.root(), updates)));
        // The reason names the timeout that ended the call: the idle one, not the total one.
        assertEquals("p: the server sent nothing about the call for 700 ms, so it was abandoned (the call\'s idle limit, mcp.callIdleSeconds)", failure.getMessage());
        assertEquals(List.of("1 — at 1"), texts(updates), "the repeated value is not shown either");
        awaitCancellation(before);
    }

    @Test
    void progressForAnotherTokenDoesNotKeepACallAlive() throws Exception {
        int before = cancellations();
        List<SessionUpdate> updates = Collections.synchronizedList(new ArrayList<>());
        ToolError.TellModel failure = assertThrows(ToolError.TellModel.class,
                () -> tool(tools, "mcp__p__foreign").run(delay(150), context("f", Cancellation.root(), updates)));
        assertEquals("p: the server sent nothing about the call for 700 ms, so it was abandoned (the call\'s idle limit, mcp.callIdleSeconds)", failure.getMessage());
        assertEquals(List.of(), texts(updates));
        awaitCancellation(before);
    }

    @Test
    void validProgressRefreshesTheIdleTimeoutButNeverTheTotal() throws Exception {
        ObjectNode args = delay(300).put("steps", 5); // 1.5 s: twice the idle timeout, within the total
        ToolOutcome done = tool(tools, "mcp__p__steps").run(args, context("s", Cancellation.root(), null));
        assertEquals(List.of(new Part.Text("done")), done.forModel());

        int before = cancellations();
        long start = System.nanoTime();
        ToolError.TellModel failure = assertThrows(ToolError.TellModel.class,
                () -> tool(tools, "mcp__p__forever").run(delay(200), context("e", Cancellation.root(), null)));
        long ms = Duration.ofNanos(System.nanoTime() - start).toMillis();
        assertEquals("p: tool call timed out after 2500 ms (the call's total limit, mcp.callTotalSeconds)", failure.getMessage());
        assertTrue(ms >= TOTAL.toMillis(), "ended after " + ms + " ms, before the total timeout");
        awaitCancellation(before);
    }

    @Test
    void anIsErrorAnswerIsARedactedResultTheModelReads() throws Exception {
        ToolOutcome out = tool(tools, "mcp__p__fail").run(delay(0), context("x", Cancellation.root(), null));
        assertTrue(out.isError());
        assertEquals(List.of(new Part.Text("upstream said 401 for https://[REDACTED]@api.example.com\nAuthorization: Bearer [REDACTED]")),
                out.forModel());
    }

    private static List<String> texts(List<SessionUpdate> updates) {
        return updates.stream().map(u -> ((SessionUpdate.ToolCallUpdate) u).fields())
                .map(f -> ((ContentBlock.Text) ((ToolCallContent.Content) f.content().getFirst()).content()).text()).toList();
    }

    private static int cancellations() {
        String tail = runtime.connection("p").stderrTail();
        return tail.split("cancelled ", -1).length - 1;
    }

    /** Waits until the server reports a notifications/cancelled beyond the {@code before} it had seen. */
    private static void awaitCancellation(int before) {
        Waits.eventually(Duration.ofSeconds(30), () -> cancellations() > before,
                "the server to report the cancellation");
    }
}
