package dev.tether.faults;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The editor sends malformed frames in the middle of a turn (while Tether waits for a permission
 * answer): a line that is not JSON, a request with wrong parameter types, a line over the 16 MB
 * limit. Each bad request gets an error answer; the turn then completes as if nothing happened.
 */
class MalformedAcpFaultTest {
    static final String CONFIG = "{\"mcp\": {\"connectTimeoutSeconds\": 10, \"callIdleSeconds\": 30}}";

    @TempDir
    Path state;

    @Test
    void malformedFramesMidTurnAreAnsweredAndTheTurnCompletes() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("c1", "mcp__chaos__echo", Json.object().put("text", "after the junk"))))
                .then(QueueModel.Reply.text("the turn went on"));
        try (FaultSession s = FaultSession.chaos(state, model, CONFIG)) {
            CompletableFuture<JsonNode> release = new CompletableFuture<>();
            s.onRequest(request -> request.path("method").asString().equals("session/request_permission") ? release.join()
                    : FaultSession.allowing(request));
            CompletableFuture<JsonNode> turn = s.send("echo after junk");
            Waits.eventually(Duration.ofSeconds(20), () -> s.client.agentRequests().stream()
                    .anyMatch(r -> r.path("method").asString().equals("session/request_permission")), "the permission request");

            s.client.writeLine("{this is not json");
            CompletableFuture<JsonNode> wrongTypes = s.client.expect("wrong-types");
            s.client.writeLine("{\"jsonrpc\":\"2.0\",\"id\":\"wrong-types\",\"method\":\"session/prompt\",\"params\":{\"sessionId\":42,\"prompt\":\"x\"}}");
            CompletableFuture<JsonNode> huge = s.client.expect("huge");
            s.client.writeLine("{\"jsonrpc\":\"2.0\",\"id\":\"huge\",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\"" + s.session
                    + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + "y".repeat(17 * 1024 * 1024) + "\"}]}}");
            JsonNode typeError = AcpTestClient.await(wrongTypes).path("error");
            assertEquals(-32602, typeError.path("code").asInt(), typeError.toString());
            JsonNode sizeError = AcpTestClient.await(huge).path("error");
            assertEquals(-32600, sizeError.path("code").asInt(), sizeError.toString());

            release.complete(Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow_once\"}}"));
            String stop = AcpTestClient.await(turn).path("result").path("stopReason").asString();
            s.onRequest(FaultSession::allowing);
            String shown = typeError.path("message").asString() + "\n" + sizeError.path("message").asString();
            FaultChecks.completedCall(s, "c1");
            FaultChecks.afterFault(s, stop, "end_turn", shown, "sessionId", "too large");
        }
    }
}
