package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.RecordingListener;
import dev.tether.testing.mcp.TestSettings;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Idle health pings: a server that stops answering (SIGSTOP) is noticed by an unanswered ping and
 * replaced by recovery; a server that does not implement ping is left alone and not pinged again.
 */
class HealthCheckTest {
    private static final McpConnectionSettings QUICK = McpConnectionSettings.DEFAULT
            .withRecovery(new McpConnectionSettings.Recovery(3, Duration.ofMillis(50), Duration.ofMillis(200)))
            .withHealing(TestSettings.withPingTimeout(
                    McpConnectionSettings.Healing.DEFAULT.withHealthCheck(Duration.ofSeconds(1)), Duration.ofSeconds(1)));

    /** Three health check intervals and a half. */
    private static final Duration IDLE_WINDOW = Duration.ofMillis(3500);

    @Test
    void aStoppedServerFailsItsHealthCheckAndIsReplaced() throws Exception {
        RecordingListener events = new RecordingListener();
        long stopped = -1;
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("sleepy")), options(), events, QUICK)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            stopped = runtime.connection("sleepy").pid();
            signal("STOP", stopped);

            ServerStatus recovering = events.awaitState("sleepy", State.RECOVERING, Duration.ofSeconds(20));
            assertEquals("the connection to the server failed: the server did not answer a health check (ping) within 1000 ms",
                    recovering.reason());
            events.await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.status().state() == State.READY
                    && s.generation() > recovering.generation(), Duration.ofSeconds(20));
            assertNotEquals(stopped, runtime.connection("sleepy").pid(), "a new process");
            assertEquals("awake", text(runtime, "sleepy", "echo", args("text", "awake")));
            long old = stopped;
            Waits.eventually(Duration.ofSeconds(10), () -> ProcessHandle.of(old).map(p -> !p.isAlive()).orElse(true),
                    "the stopped process to be killed");
        } finally {
            if (stopped > 0) {
                signal("CONT", stopped);
                ProcessHandle.of(stopped).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void aServerWithoutPingIsNotFailedForItAndNotPingedAgain() throws Exception {
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("pingless", "--no-ping")), options(), events, QUICK)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            long pid = runtime.connection("pingless").pid();
            // Asking the server for its counts is traffic, so the windows stay quiet and the counts are read after.
            Waits.throughout(IDLE_WINDOW, () -> runtime.connection("pingless").isReady(), "the server stays ready");
            assertEquals(1, Interact.stats(runtime, "pingless").path("pings").asInt(), "pinged once while idle");
            Waits.throughout(IDLE_WINDOW, () -> runtime.connection("pingless").isReady(), "the server stays ready");
            assertEquals(1, Interact.stats(runtime, "pingless").path("pings").asInt(), "and never again");
            assertEquals(List.of("CONNECTING", "READY"), events.states("pingless").stream().map(Enum::name).toList());
            assertEquals(pid, runtime.connection("pingless").pid());
        }
    }

    @Test
    void aHealthyIdleServerIsPingedAndStaysUp() throws Exception {
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("steady")), options(), events, QUICK)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            long pid = runtime.connection("steady").pid();
            Waits.throughout(IDLE_WINDOW, () -> runtime.connection("steady").isReady(), "the server stays ready");
            assertTrue(Interact.stats(runtime, "steady").path("pings").asInt() >= 2, "pinged while idle");
            assertEquals(List.of("CONNECTING", "READY"), events.states("steady").stream().map(Enum::name).toList());
            assertEquals(pid, runtime.connection("steady").pid());
            assertTrue(runtime.connection("steady").isReady());
        }
    }

    private static void signal(String name, long pid) throws Exception {
        new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start().waitFor();
    }
}
