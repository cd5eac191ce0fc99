package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapabilityCheckTest {

    @Test
    void aServerWithoutToolsIsReadyWithNoToolsAndToolMethodsFailReadably() {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("bare", "--no-tools")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            assertEquals(List.of(), runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()));
            assertEquals(State.READY, runtime.status().getFirst().state());
            McpError refresh = assertThrows(McpError.Refused.class, () -> runtime.refresh("bare", Cancellation.root()));
            assertEquals("server \"bare\" did not declare the tools capability, so tools/list is not available", refresh.getMessage());
            McpError call = assertThrows(McpError.Refused.class, () -> text(runtime, "bare", "echo", args("text", "hi")));
            assertEquals("server \"bare\" did not declare the tools capability, so tools/call is not available", call.getMessage());
            // The chaos server would have answered both: the check is ours, before anything is sent.
        }
    }
}
