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
import dev.tether.testing.mcp.RecordingListener;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class OversizeLineTest {

    @Test
    void anAnswerPastTheLineLimitFailsThatRequestAtOnceAndTheServerStaysUsable() {
        McpConnectionSettings small = McpConnectionSettings.DEFAULT.withMaxLineBytes(64 * 1024);
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("wide")), options(), McpRuntimeListener.NONE, small)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            McpError e = assertThrows(McpError.class, () -> text(runtime, "wide", "oversize", args("bytes", "300000")));
            // Failed for the dropped line, not by the 60 s idle timeout (whose message says so).
            assertTrue(e.getMessage().contains("larger than the 0.1 MB message limit and was dropped"), e.getMessage());
            assertEquals("still here", text(runtime, "wide", "echo", args("text", "still here")));
            assertEquals(State.READY, runtime.status().getFirst().state());
        }
    }
}
