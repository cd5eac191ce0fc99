package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.model.Part;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolOutcome;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class StdioJunkOutputTest {

    @Test
    void nonJsonLinesBetweenFramesAreSkippedAndCounted() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("noisy", "--junk")), options(), McpRuntimeListener.NONE)) {
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals(ServerStatus.State.READY, runtime.status().getFirst().state());
            ToolOutcome outcome = tool(tools, "mcp__noisy__echo").run(
                    JsonNodeFactory.instance.objectNode().put("text", "still works"), context("c1", Cancellation.root(), null));
            assertEquals(List.of(new Part.Text("still works")), outcome.forModel());
            assertTrue(runtime.connection("noisy").malformedLines() >= 5, "junk lines counted");
        }
    }
}
