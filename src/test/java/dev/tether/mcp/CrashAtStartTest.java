package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stdio server that crashes at start is started once, not again for the fallback handshake, and
 * its failure names the error line of its stack trace — not the trace's last line, a lone "}".
 * One that quits because of the probe, saying so, is still started again for initialize.
 */
class CrashAtStartTest {

    private static ServerStatus settle(McpRuntime runtime) {
        runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
        return runtime.status().getFirst();
    }

    @Test
    void aServerThatCrashesAtStartIsStartedOnceAndReportedWithItsErrorLine(@TempDir Path dir) throws Exception {
        Path starts = dir.resolve("starts");
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("dbhub", "--crash-at-start", "--starts", starts.toString())),
                options(), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            ServerStatus status = settle(runtime);
            assertEquals(ServerStatus.State.FAILED, status.state());
            assertEquals(1, Files.readAllLines(starts).size(), "started once: " + status.reason());
            assertTrue(status.reason().startsWith("the server exited before answering anything (exit code 1) (stderr: "
                    + "Failed to connect to SQLite database: Error [ERR_UNKNOWN_BUILTIN_MODULE]: No such built-in module: node:sqlite … "),
                    status.reason());
            assertTrue(status.reason().contains("code: 'ERR_UNKNOWN_BUILTIN_MODULE'"), "and the last lines that say something: " + status.reason());
            assertFalse(status.reason().contains(" at "), "no stack frames: " + status.reason());
        }
    }

    @Test
    void theNextAttemptStartsItOnceMoreAndStraightForInitialize(@TempDir Path dir) throws Exception {
        Path starts = dir.resolve("starts");
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("dbhub", "--crash-at-start", "--starts", starts.toString())),
                options(), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            settle(runtime);
            ServerStatus again = runtime.reconnect("dbhub");
            assertEquals(ServerStatus.State.FAILED, again.state());
            assertEquals(2, Files.readAllLines(starts).size(), "one start per attempt: " + again.reason());
            assertTrue(again.reason().contains("No such built-in module: node:sqlite"), again.reason());
        }
    }

    @Test
    void theReasonIsBoundedAndMasked(@TempDir Path dir) throws Exception {
        String secret = "sk-ant-api03-" + "x".repeat(40);
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("leaky", "--crash-at-start", "--crash-line",
                        "cannot log in with " + secret + " " + "and so on ".repeat(200))),
                options(), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            ServerStatus status = settle(runtime);
            assertTrue(status.reason().contains("Error: cannot log in with"), status.reason());
            assertFalse(status.reason().contains("x".repeat(40)), "the key is masked: " + status.reason());
            assertTrue(status.reason().getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 500, status.reason());
        }
    }

    @Test
    void aServerThatQuitsOverTheProbeAndSaysSoIsStartedAgainForInitialize(@TempDir Path dir) throws Exception {
        Path starts = dir.resolve("starts");
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("py", "--complain-on-discover", "--starts", starts.toString())),
                options(), McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            ServerStatus status = settle(runtime);
            assertEquals(ServerStatus.State.READY + " 2025-11-25", status.state() + " " + status.protocolVersion(), status.reason());
            assertEquals(2, Files.readAllLines(starts).size());
        }
    }
}
