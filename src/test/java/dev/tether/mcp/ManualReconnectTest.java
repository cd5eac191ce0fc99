package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManualReconnectTest {

    @Test
    void aServerThatFailedItsFirstConnectStaysListedAndCanBeReconnected() throws Exception {
        Path starts = Files.createTempFile("chaos-starts", ".txt");
        Files.writeString(starts, "1");
        try (McpRuntime runtime = McpRuntime.start(List.of(
                chaos("flaky", "--start-file", starts.toString(), "--max-starts", "1")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            assertEquals(List.of(), runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()));
            ServerStatus failed = runtime.status().getFirst();
            assertEquals(State.FAILED, failed.state());
            assertTrue(failed.reason().contains("refusing to start again"), failed.reason());

            Files.writeString(starts, "0");
            ServerStatus again = runtime.reconnect("flaky");
            assertEquals(State.READY, again.state());
            assertEquals(failed.generation() + 1, again.generation());
            assertEquals(15, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size());

            runtime.connection("flaky").disconnect("disconnected by the user");
            ServerStatus off = runtime.connection("flaky").status();
            assertEquals(State.DISCONNECTED, off.state());
            assertEquals(List.of(), runtime.tools());
        } finally {
            Files.deleteIfExists(starts);
        }
    }

    @Test
    void aMissingCommandIsAFailedServerWithARedactedReasonNotAnException() {
        McpServerSpec.Stdio missing = new McpServerSpec.Stdio("ghost",
                "/nonexistent/bin/server-sk-ant-api03-abcdefghijklmnopqrstuvwx", List.of(), java.util.Map.of(), null);
        try (McpRuntime runtime = McpRuntime.start(List.of(missing), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            ServerStatus status = runtime.status().getFirst();
            assertEquals(State.FAILED, status.state());
            assertFalse(status.reason().contains("abcdefghijklmnopqrstuvwx"), status.reason());
        }
    }
}
