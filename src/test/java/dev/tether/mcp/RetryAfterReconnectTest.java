package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetryAfterReconnectTest {

    @Test
    void anIdempotentCallIsRetriedOnceAfterReconnectingAndAnUnsafeOneIsNot(@TempDir Path dir) throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("retry")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            Path safe = dir.resolve("safe");
            assertEquals("survived", text(runtime, "retry", "crash_once", args("marker", safe.toString()), true));
            assertTrue(Files.exists(safe), "the first attempt reached the server and crashed it");

            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            Path unsafe = dir.resolve("unsafe");
            McpError e = assertThrows(McpError.TransportLost.class,
                    () -> text(runtime, "retry", "crash_once_unsafe", args("marker", unsafe.toString()), false));
            assertTrue(Files.exists(unsafe));
            assertTrue(e.getMessage().startsWith("tools/call failed"), e.getMessage());
        }
    }
}
