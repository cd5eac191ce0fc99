package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A server that crashes mid-call fails the pending call at once, with the crash as its reason. The
 * call's timeouts are far beyond the test's own: a call that waited for them instead would time
 * the test out (how soon the failure comes: scripts/bench).
 */
class StdioCrashTest {

    @Test
    void aCrashMidCallFailsThePendingCallAtOnce() {
        McpRuntimeOptions opts = options().withCallTimeouts(
                new McpRuntimeOptions.CallTimeouts(Duration.ofHours(1), Duration.ofHours(2)));
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("fragile")), opts, McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            ToolError.TellModel failure = assertThrows(ToolError.TellModel.class, () -> tool(tools, "mcp__fragile__crash")
                    .run(JsonNodeFactory.instance.objectNode(), context("c1", Cancellation.root(), null)));
            assertTrue(failure.getMessage().startsWith("fragile: "), failure.getMessage());
            assertTrue(failure.getMessage().contains("exited with code 3"), "failed for the crash: " + failure.getMessage());
            // What happens next (recovery) is CrashedServerRecoveryTest's subject.
            assertEquals(1, failure.getMessage().lines().count());
        }
    }
}
