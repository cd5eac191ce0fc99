package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.RecordingListener;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call the server refused because it no longer knows the session (-32001) never ran, so it is
 * sent once more after the reconnect even without read-only or idempotent hints — and only once.
 */
class SessionExpiredRetryTest {

    @Test
    void aCallRefusedForAnExpiredSessionSucceedsOnTheNewSession(@TempDir Path dir) throws Exception {
        Path calls = dir.resolve("calls.log");
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("forgetful", "--session-gone-once", dir.resolve("gone").toString(),
                "--call-log", calls.toString())), options(), events, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());

            assertEquals("once", text(runtime, "forgetful", "echo", args("text", "once"), false), "not retryable by its hints");
            assertEquals(List.of("echo", "echo"), Files.readAllLines(calls), "refused once, then run on the new session");
            assertEquals(List.of("CONNECTING", "READY", "RECOVERING", "READY"),
                    events.states("forgetful").stream().map(Enum::name).toList());
        }
    }

    @Test
    void aCallRefusedAgainIsNotSentAThirdTime(@TempDir Path dir) throws Exception {
        Path calls = dir.resolve("calls.log");
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("amnesiac", "--session-gone", "--call-log", calls.toString())),
                options(), events, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());

            McpError e = assertThrows(McpError.class, () -> text(runtime, "amnesiac", "echo", args("text", "x"), false));
            assertEquals("tools/call failed: Session not found (code -32001)", e.getMessage());
            assertEquals(List.of("echo", "echo"), Files.readAllLines(calls), "the first send and exactly one retry");
            List<String> twice = List.of("CONNECTING", "READY", "RECOVERING", "READY", "RECOVERING", "READY");
            Waits.eventually(Duration.ofSeconds(20), () -> events.states("amnesiac").stream().map(Enum::name).toList().equals(twice),
                    "a recovery after each refusal");
            assertEquals(List.of("echo", "echo"), Files.readAllLines(calls), "nothing sent after the second refusal");
        }
    }
}
