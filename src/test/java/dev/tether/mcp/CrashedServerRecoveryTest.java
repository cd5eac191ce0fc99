package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.McpRuntimeEvent.ToolsChanged;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.mcp.RecordingListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CrashedServerRecoveryTest {

    @Test
    void aCrashedServerIsRestartedItsToolsWithdrawnMeanwhileAndBackAfter() throws Exception {
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("phoenix")), options(), events, McpConnectionSettings.DEFAULT)) {
            assertEquals(15, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size());
            long firstPid = runtime.connection("phoenix").pid();
            assertThrows(McpError.class, () -> text(runtime, "phoenix", "crash", null));

            ServerStatus recovering = events.awaitState("phoenix", State.RECOVERING, Duration.ofSeconds(5));
            assertTrue(recovering.reason().contains("crashing on purpose"), recovering.reason());
            ToolsChanged withdrawn = (ToolsChanged) events.await(e -> e instanceof ToolsChanged t && t.toolNames().isEmpty(),
                    Duration.ofSeconds(5));
            assertEquals(recovering.generation(), withdrawn.generation());

            events.await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.status().state() == State.READY
                    && s.generation() > recovering.generation(), Duration.ofSeconds(20));
            List<String> states = events.states("phoenix").stream().map(Enum::name).toList();
            assertEquals(List.of("CONNECTING", "READY", "RECOVERING", "READY"), states);
            assertEquals(15, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size());
            assertNotEquals(firstPid, runtime.connection("phoenix").pid());
            assertEquals("back", text(runtime, "phoenix", "echo", args("text", "back")));
        }
    }

    @Test
    void recoveryGivesUpAfterItsAttemptsAndTheServerIsFailed() throws Exception {
        Path starts = Files.createTempFile("chaos-starts", ".txt");
        Files.writeString(starts, "0");
        RecordingListener events = new RecordingListener();
        McpConnectionSettings fast = McpConnectionSettings.DEFAULT.withRecovery(
                new McpConnectionSettings.Recovery(3, Duration.ofMillis(20), Duration.ofMillis(80)));
        try (McpRuntime runtime = McpRuntime.start(List.of(
                chaos("mortal", "--start-file", starts.toString(), "--max-starts", "1")), options(), events, fast)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertThrows(McpError.class, () -> text(runtime, "mortal", "crash", null));
            ServerStatus failed = events.awaitState("mortal", State.FAILED, Duration.ofSeconds(30));
            assertTrue(failed.reason().startsWith("gave up reconnecting after 3 attempts: "), failed.reason());
            assertEquals("4", Files.readString(starts).strip(), "one start and three attempts");
            assertEquals(List.of(), runtime.tools());
        } finally {
            Files.deleteIfExists(starts);
        }
    }
}
