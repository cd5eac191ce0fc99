package dev.tether.faults;

import static dev.tether.testing.model.QueueModel.use;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A stdio MCP server that dies: mid-call, at start, and during {@code initialize}. */
class ServerCrashFaultTest {
    static final String CONFIG = "{\"mcp\": {\"connectTimeoutSeconds\": 10, \"callIdleSeconds\": 5}}";

    @TempDir
    Path state;

    @Test
    void crashMidCallFailsTheCallReadably() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("c1", "mcp__chaos__crash", Json.object())))
                .then(QueueModel.Reply.text("the server crashed"));
        try (FaultSession s = FaultSession.chaos(state, model, CONFIG)) {
            String stop = s.prompt("call crash");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.failedCall(s, "c1"), "chaos", "exit|crash|died|closed");
        }
    }

    @Test
    void crashAtStartIsShownAndTheSessionWorksWithoutIt() {
        Path starts = state.resolve("starts");
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("no tools today"));
        try (FaultSession s = FaultSession.chaos(state, model, CONFIG, "--start-file", starts.toString(), "--max-starts", "0")) {
            String stop = s.prompt("hello");
            FaultChecks.afterFault(s, stop, "end_turn", s.agentText(), "chaos", "not available");
        }
    }

    @Test
    void exitDuringInitializeIsShownAndTheSessionWorksWithoutIt() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("no tools today"));
        try (FaultSession s = FaultSession.chaos(state, model, CONFIG, "--exit-on-initialize")) {
            String stop = s.prompt("hello");
            FaultChecks.afterFault(s, stop, "end_turn", s.agentText(), "chaos", "not available");
        }
    }
}
