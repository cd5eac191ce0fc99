package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.RecordingListener;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A {@code -32001} answer ("session not found") ends the connection the way an HTTP 404 does, and recovery starts. */
class SessionNotFoundRecoveryTest {

    @Test
    void aSessionNotFoundAnswerFailsTheCallReadablyAndTheServerReconnects() throws Exception {
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("forgetful", "--session-gone")), options(), events,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            long firstPid = runtime.connection("forgetful").pid();

            McpError e = assertThrows(McpError.class, () -> text(runtime, "forgetful", "echo", args("text", "hi")));
            assertEquals("tools/call failed: Session not found (code -32001)", e.getMessage());

            ServerStatus recovering = events.awaitState("forgetful", State.RECOVERING, Duration.ofSeconds(10));
            assertEquals("the connection to the server failed: the server no longer knows this session (error -32001)",
                    recovering.reason());
            // The call was refused, so it never ran: it is sent once more on the new session, refused again, and
            // the server recovers a second time.
            List<String> twice = List.of("CONNECTING", "READY", "RECOVERING", "READY", "RECOVERING", "READY");
            Waits.eventually(Duration.ofSeconds(20), () -> events.states("forgetful").stream().map(Enum::name).toList().equals(twice),
                    "a recovery after each refusal");
            assertNotEquals(firstPid, runtime.connection("forgetful").pid(), "a new process, so a new session");
        }
    }

    @Test
    void otherErrorAnswersLeaveTheConnectionAlone() throws Exception {
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("steady", "--content")), options(), events,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            long pid = runtime.connection("steady").pid();
            // The chaos server answers resources/read with -32601: an error answer, but the session is fine.
            McpError e = assertThrows(McpError.ErrorAnswer.class,
                    () -> runtime.readResource("steady", "chaos://note/1", Cancellation.root()));
            assertEquals(-32601, ((McpError.ErrorAnswer) e).code());
            assertEquals("still", text(runtime, "steady", "echo", args("text", "still")));
            assertEquals(List.of("CONNECTING", "READY"), events.states("steady").stream().map(Enum::name).toList());
            assertEquals(pid, runtime.connection("steady").pid());
        }
    }
}
