package dev.tether.faults;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A stdio MCP server whose pipes stop working while its process lives on: it closes its stdout,
 * it stops reading its stdin, or it is stopped with SIGSTOP. Each time the call fails readably,
 * the session goes on, and closing the session still ends the process.
 */
class StdioPipeFaultTest {
    static final String CONFIG = "{\"mcp\": {\"connectTimeoutSeconds\": 10, \"callIdleSeconds\": 1}}";

    @TempDir
    Path state;

    @Test
    void aServerThatClosesItsStdoutFailsTheCallAndIsNotLeftRunning() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("c1", "mcp__chaos__close_stdout", Json.object())))
                .then(QueueModel.Reply.text("the server went quiet"));
        try (FaultSession s = FaultSession.chaos(state, model, CONFIG, "--faults")) {
            String stop = s.prompt("call close_stdout");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.failedCall(s, "c1"), "chaos", "closed its stdout|connection");
        }
    }

    @Test
    void aServerThatStopsReadingStdinTimesOutReadably() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("c1", "mcp__chaos__stop_reading", Json.object())))
                .then(QueueModel.Reply.tools(use("c2", "mcp__chaos__echo", Json.object().put("text", "anyone?"))))
                .then(QueueModel.Reply.text("the server stopped listening"));
        try (FaultSession s = FaultSession.chaos(state, model, CONFIG, "--faults")) {
            String stop = s.prompt("call stop_reading, then echo");
            FaultChecks.completedCall(s, "c1");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.failedCall(s, "c2"), "chaos", "sent nothing about the call for 1 s");
        }
    }

    @Test
    void aStoppedServerTimesOutReadablyAndTetherStaysResponsive() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("c1", "mcp__chaos__echo", Json.object().put("text", "before"))))
                .then(QueueModel.Reply.text("it answered"))
                .then(QueueModel.Reply.tools(use("c2", "mcp__chaos__echo", Json.object().put("text", "after"))))
                .then(QueueModel.Reply.text("it did not answer"));
        try (FaultSession s = FaultSession.chaos(state, model, CONFIG)) {
            assertEquals("end_turn", s.prompt("echo before"));
            FaultChecks.completedCall(s, "c1");
            List<Long> pids = s.serverPids();
            assertEquals(1, pids.size(), "one server process: " + pids);
            signal("STOP", pids.getFirst());
            try {
                String stop = s.prompt("echo after");
                // Closing the session must end a stopped process too (SIGKILL works on it; SIGTERM waits for CONT).
                FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.failedCall(s, "c2"), "chaos", "sent nothing about the call for 1 s");
            } finally {
                ProcessHandle.of(pids.getFirst()).ifPresent(p -> resume(p.pid())); // gone already when Tether killed it
            }
        }
    }

    private static void resume(long pid) {
        try {
            new ProcessBuilder("kill", "-CONT", Long.toString(pid)).start().waitFor();
        } catch (Exception e) {
            throw new AssertionError("kill -CONT " + pid, e);
        }
    }

    private static void signal(String name, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill -" + name + " " + pid);
    }
}
