package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.mcp.RecordingListener;
import dev.tether.testing.mcp.TestSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * After recovery gives up, the server is parked as failed; the next use after the cool-down tries
 * it again (a failed retry doubles the cool-down), and a server that came back heals without the
 * user. A manual reconnect does not wait for the cool-down.
 */
class CircuitBreakerLazyRetryTest {
    private final AtomicLong clock = new AtomicLong();

    private McpConnectionSettings settings() {
        return McpConnectionSettings.DEFAULT
                .withRecovery(new McpConnectionSettings.Recovery(2, Duration.ofMillis(20), Duration.ofMillis(40)))
                .withHealing(TestSettings.withClock(McpConnectionSettings.Healing.DEFAULT.withCatalogTtl(Duration.ZERO), clock::get));
    }

    private void pass(Duration d) {
        clock.addAndGet(d.toNanos());
    }

    @Test
    void theNextUseAfterTheCoolDownHealsAServerThatCameBack() throws Exception {
        Path starts = Files.createTempFile("chaos-starts", ".txt");
        Files.writeString(starts, "0");
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(
                chaos("lazarus", "--start-file", starts.toString(), "--max-starts", "1")), options(), events, settings())) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertThrows(McpError.class, () -> text(runtime, "lazarus", "crash", null));
            ServerStatus parked = events.awaitState("lazarus", State.FAILED, Duration.ofSeconds(30));
            assertTrue(parked.reason().startsWith("gave up reconnecting after 2 attempts: "), parked.reason());
            assertEquals("3", Files.readString(starts).strip(), "one start and two attempts");

            pass(Duration.ofSeconds(29));
            assertEquals(List.of(), runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()), "still parked");
            assertEquals("3", Files.readString(starts).strip(), "no try before the cool-down (30 s)");

            pass(Duration.ofSeconds(1));
            assertEquals(List.of(), runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()));
            assertEquals("4", Files.readString(starts).strip(), "one lazy try, which failed");
            assertEquals(State.FAILED, runtime.connection("lazarus").status().state());

            pass(Duration.ofSeconds(30));
            runtime.status();
            assertEquals("4", Files.readString(starts).strip(), "the cool-down doubled to 60 s");

            Files.writeString(starts, "0"); // The server can start again.
            pass(Duration.ofSeconds(30));
            List<ServerStatus> shown = runtime.status(); // what /mcp asks
            assertEquals(State.READY, shown.getFirst().state(), "/mcp tried it again and shows it ready");
            assertEquals(15, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size());
            assertEquals("back", text(runtime, "lazarus", "echo", args("text", "back")));
        } finally {
            Files.deleteIfExists(starts);
        }
    }

    @Test
    void aModelRequestTriesAParkedServerAgainAndAManualReconnectDoesNotWait() throws Exception {
        Path starts = Files.createTempFile("chaos-starts", ".txt");
        Files.writeString(starts, "0");
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(
                chaos("phoenix", "--start-file", starts.toString(), "--max-starts", "1")), options(), events, settings())) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertThrows(McpError.class, () -> text(runtime, "phoenix", "crash", null));
            events.awaitState("phoenix", State.FAILED, Duration.ofSeconds(30));

            assertEquals(State.FAILED, runtime.reconnect("phoenix").state(), "the manual try happens at once (and fails)");
            assertEquals("4", Files.readString(starts).strip());

            Files.writeString(starts, "0");
            pass(Duration.ofSeconds(30));
            assertEquals(15, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size(),
                    "the model request after the cool-down offers the healed server's tools");
            assertEquals(State.READY, runtime.connection("phoenix").status().state());
        } finally {
            Files.deleteIfExists(starts);
        }
    }
}
