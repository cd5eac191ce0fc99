package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A server the user approved after the session started joins the running runtime: its tools appear at the next barrier. */
class ServerAddedLaterTest {

    @Test
    void anAddedServerConnectsAndItsToolsJoinTheProjection() {
        try (McpRuntime runtime = McpRuntime.start(List.of(), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            assertEquals(List.of(), runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()));

            assertTrue(runtime.add(fake("late")));
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertFalse(tools.isEmpty(), "the barrier waited for the added server");
            assertTrue(tools.stream().allMatch(t -> t.definition().name().startsWith("mcp__late__")), tools.toString());
            assertEquals(List.of("late"), runtime.status().stream().map(ServerStatus::name).toList());
            assertEquals(ServerStatus.State.READY, runtime.status().getFirst().state());

            assertFalse(runtime.add(fake("late")), "a name already here is not started twice");
        }
    }

    @Test
    void aClosedRuntimeStartsNothing() {
        McpRuntime runtime = McpRuntime.start(List.of(), options(), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT);
        runtime.close();
        assertFalse(runtime.add(fake("late")));
        assertEquals(List.of(), runtime.status());
    }
}
