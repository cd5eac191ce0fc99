package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class StdioCrashTest {

    @Test
    void aCrashMidCallFailsThePendingCallAtOnce() {
        McpRuntimeOptions opts = options().withCallTimeouts(
                new McpRuntimeOptions.CallTimeouts(Duration.ofSeconds(60), Duration.ofMinutes(5)));
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("fragile")), opts, McpRuntimeListener.NONE)) {
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            long start = System.nanoTime();
            ToolError.TellModel failure = assertThrows(ToolError.TellModel.class, () -> tool(tools, "mcp__fragile__crash")
                    .run(JsonNodeFactory.instance.objectNode(), context("c1", Cancellation.root(), null)));
            long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
            assertTrue(millis < 3000, "failed after " + millis + " ms, not at once");
            assertTrue(failure.getMessage().startsWith("fragile: "), failure.getMessage());
            // What happens next (recovery) is CrashedServerRecoveryTest's subject.
            assertEquals(1, failure.getMessage().lines().count());
        }
    }
}
