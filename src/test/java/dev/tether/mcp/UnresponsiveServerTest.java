package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.timeout;
import static org.mockito.Mockito.verify;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnresponsiveServerTest {

    @Test
    void aServerThatNeverInitialisesFailsAndTheOthersStillServe() {
        McpRuntimeListener listener = mock(McpRuntimeListener.class);
        McpRuntimeOptions opts = options().withConnectTimeout(Duration.ofSeconds(3));
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("mute", "--silent"), fake("good")), opts, listener,
                McpConnectionSettings.DEFAULT)) {
            // A wait no test run reaches: the barrier returns because the mute server failed (asserted below), or
            // the test times out.
            List<Tool> tools = runtime.awaitTools(Duration.ofHours(1), Cancellation.root());
            assertEquals(List.of("mcp__good__echo", "mcp__good__env", "mcp__good__slow", "mcp__good__hang", "mcp__good__crash"),
                    tools.stream().map(t -> t.definition().name()).toList());
            ServerStatus mute = runtime.status().getFirst();
            assertEquals(State.FAILED, mute.state());
            assertTrue(mute.reason().contains("initialize timed out"), mute.reason());
            verify(listener, timeout(5_000)).serverFailed("mute", mute.reason());
            assertEquals(State.READY, runtime.status().get(1).state());
        }
    }

    @Test
    void anUnsupportedProtocolVersionIsAReadableFailure() {
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("future", "--version", "2099-01-01")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            assertEquals(List.of(), runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()));
            ServerStatus status = runtime.status().getFirst();
            assertEquals(State.FAILED, status.state());
            assertTrue(status.reason().startsWith("server answered with MCP protocol version 2099-01-01"), status.reason());
        }
    }

    @Test
    void anOlderSupportedVersionIsAccepted() {
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("old", "--version", "2025-03-26")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals("2025-03-26", runtime.status().getFirst().protocolVersion());
        }
    }
}
