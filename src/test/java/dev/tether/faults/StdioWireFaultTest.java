package dev.tether.faults;

import static dev.tether.testing.model.QueueModel.use;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/**
 * A stdio MCP server that breaks its side of the wire while it keeps running: it hangs, starts too
 * slowly, mixes junk into stdout, sends a line over the cap, floods notifications, requests or
 * stderr, answers with ids nobody asked for, or says the session is gone.
 */
class StdioWireFaultTest {
    static final String CONFIG = "{\"mcp\": {\"connectTimeoutSeconds\": 10, \"callIdleSeconds\": 1, \"maxMessageMegabytes\": 1}}";
    /** A flood takes a while and its notifications do not count as progress: the call gets time to finish. */
    static final String PATIENT = "{\"mcp\": {\"connectTimeoutSeconds\": 10, \"callIdleSeconds\": 30}}";

    @TempDir
    Path state;

    private static QueueModel calling(String tool, ObjectNode input) {
        return new QueueModel()
                .then(QueueModel.Reply.tools(use("c1", "mcp__chaos__" + tool, input)))
                .then(QueueModel.Reply.text("the model read the result"));
    }

    @Test
    void aHangingCallEndsAtTheIdleTimeout() {
        try (FaultSession s = FaultSession.chaos(state, calling("hang", Json.object()), CONFIG)) {
            String stop = s.prompt("call hang");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.failedCall(s, "c1"), "chaos", "sent nothing about the call for 1 s");
        }
    }

    @Test
    void aStartSlowerThanTheConnectTimeoutIsShown() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("no tools today"));
        String config = "{\"mcp\": {\"connectTimeoutSeconds\": 1}}";
        try (FaultSession s = FaultSession.chaos(state, model, config, "--start-delay-ms", "30000")) {
            String stop = s.prompt("hello");
            FaultChecks.afterFault(s, stop, "end_turn", s.agentText(), "chaos", "not available.*(timed out|timeout)");
        }
    }

    @Test
    void junkLinesOnStdoutAreSkipped() {
        try (FaultSession s = FaultSession.chaos(state, calling("echo", Json.object().put("text", "through the junk")), CONFIG, "--junk")) {
            String stop = s.prompt("echo through junk");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.completedCall(s, "c1"), "chaos", "through the junk");
        }
    }

    @Test
    void aLineOverTheMessageCapFailsOnlyThatCall() {
        try (FaultSession s = FaultSession.chaos(state, calling("oversize", Json.object().put("bytes", 3_000_000)), CONFIG)) {
            String stop = s.prompt("call oversize");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.failedCall(s, "c1"), "chaos", "larger than .*message limit");
        }
    }

    @Test
    void aNotificationFloodDoesNotDrownTheCall() {
        try (FaultSession s = FaultSession.chaos(state, calling("log_flood", Json.object().put("count", 20_000)), PATIENT,
                "--interaction", "--logging")) {
            String stop = s.prompt("flood me");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.completedCall(s, "c1"), "chaos", "flooded 20000");
        }
    }

    @Test
    void aRequestFloodIsAnsweredAndTheCallCompletes() {
        try (FaultSession s = FaultSession.chaos(state, calling("request_flood", Json.object().put("count", 5_000)), PATIENT, "--faults")) {
            String stop = s.prompt("flood me with requests");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.completedCall(s, "c1"), "chaos", "sent 5000 pings");
        }
    }

    @Test
    void aStderrFloodDoesNotBlockTheServer() {
        try (FaultSession s = FaultSession.chaos(state, calling("stderr_flood", Json.object().put("mb", 16)), PATIENT,
                "--faults", "--stderr-flood", "20000")) {
            String stop = s.prompt("flood stderr");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.completedCall(s, "c1"), "chaos", "flooded stderr");
        }
    }

    @Test
    void unknownAndDuplicateAnswerIdsAreIgnored() {
        try (FaultSession s = FaultSession.chaos(state, calling("bad_ids", Json.object()), CONFIG, "--faults")) {
            String stop = s.prompt("call bad_ids");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.completedCall(s, "c1"), "chaos", "right answer");
        }
    }

    @Test
    void sessionNotFoundOverStdioFailsTheCallReadably() {
        try (FaultSession s = FaultSession.chaos(state, calling("echo", Json.object().put("text", "x")), CONFIG, "--session-gone")) {
            String stop = s.prompt("echo");
            FaultChecks.afterFault(s, stop, "end_turn", FaultChecks.failedCall(s, "c1"), "chaos", "session not found");
        }
    }

    @Test
    void anImageOverTheCapReachesTheUserAsProvenanceNotBase64() {
        try (FaultSession s = FaultSession.chaos(state, calling("image_bomb", Json.object().put("mb", 4)), PATIENT)) {
            String stop = s.prompt("send the image");
            String shown = FaultChecks.completedCall(s, "c1");
            org.junit.jupiter.api.Assertions.assertFalse(shown.contains("AAAAAAAAAAAAAAAA"), "no base64 shown: " + shown.length());
            FaultChecks.afterFault(s, stop, "end_turn", shown, "chaos", "image/png");
        }
    }
}
