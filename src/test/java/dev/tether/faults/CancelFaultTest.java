package dev.tether.faults;

import static dev.tether.testing.model.QueueModel.use;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The user cancels (or closes the session) while Tether waits on them or on a server: during a
 * permission request, an elicitation, a sampling consent, and a running call. The prompt ends
 * {@code cancelled}, the editor's pending request is withdrawn, and the session goes on.
 */
class CancelFaultTest {
    static final String CONFIG = "{\"mcp\": {\"connectTimeoutSeconds\": 10, \"callIdleSeconds\": 30},"
            + " \"mcpServers\": {\"chaos\": {\"sampling\": true}}}";
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path state;

    private static QueueModel calling(String tool, ObjectNode input) {
        return new QueueModel().then(QueueModel.Reply.tools(use("c1", "mcp__chaos__" + tool, input)));
    }

    /** Sends the prompt, waits for the editor to receive {@code method}, cancels, returns the stop reason. */
    private static String cancelWhenAsked(FaultSession s, String prompt, String method, java.util.function.Predicate<JsonNode> which) {
        CompletableFuture<JsonNode> turn = s.send(prompt);
        Waits.eventually(WAIT, () -> s.client.agentRequests().stream()
                .anyMatch(r -> r.path("method").asString().equals(method) && which.test(r.path("params"))), "the editor to get " + method);
        s.client.cancel(s.session);
        String stop = dev.tether.testing.acp.AcpTestClient.await(turn).path("result").path("stopReason").asString();
        // The editor's dialog must not stay open: Tether withdraws the request it no longer waits for.
        Waits.eventually(WAIT, () -> !s.client.cancelRequests().isEmpty(), "$/cancel_request for the pending " + method);
        return stop;
    }

    private static boolean isSamplingConsent(JsonNode request) {
        return request.path("toolCall").path("title").asString("").contains("model");
    }

    @Test
    void cancelDuringAPermissionRequest() {
        try (FaultSession s = FaultSession.chaos(state, calling("echo", Json.object().put("text", "x")), CONFIG)) {
            s.onRequest(request -> request.path("method").asString().equals("session/request_permission") ? null
                    : FaultSession.allowing(request));
            String stop = cancelWhenAsked(s, "echo please", "session/request_permission", p -> true);
            FaultSession.ToolCallSeen call = s.toolCall("c1");
            s.onRequest(FaultSession::allowing);
            FaultChecks.afterFault(s, stop, "cancelled", call.shown(), "chaos", "echo");
        }
    }

    @Test
    void cancelDuringAnElicitation() {
        ObjectNode ask = Json.object().put("method", "elicitation/create");
        ask.set("params", Json.parse("{\"mode\":\"form\",\"message\":\"Your name?\",\"requestedSchema\":"
                + "{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}}"));
        try (FaultSession s = FaultSession.chaos(state, calling("ask", ask), CONFIG)) {
            s.onRequest(request -> request.path("method").asString().equals("elicitation/create") ? null : FaultSession.allowing(request));
            String stop = cancelWhenAsked(s, "ask me", "elicitation/create", p -> true);
            s.onRequest(FaultSession::allowing);
            FaultChecks.afterFault(s, stop, "cancelled", s.toolCall("c1").shown(), "chaos", "ask");
        }
    }

    @Test
    void cancelDuringASamplingConsent() {
        ObjectNode ask = Json.object().put("method", "sampling/createMessage");
        ask.set("params", Json.parse("{\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"Say hi\"}}],"
                + "\"maxTokens\":20}"));
        try (FaultSession s = FaultSession.chaos(state, calling("ask", ask), CONFIG)) {
            s.onRequest(request -> request.path("method").asString().equals("session/request_permission")
                    && isSamplingConsent(request.path("params")) ? null : FaultSession.allowing(request));
            String stop = cancelWhenAsked(s, "sample", "session/request_permission", CancelFaultTest::isSamplingConsent);
            s.onRequest(FaultSession::allowing);
            FaultChecks.afterFault(s, stop, "cancelled", s.toolCall("c1").shown(), "chaos", "ask");
        }
    }

    @Test
    void sessionCloseDuringACall() {
        try (FaultSession s = FaultSession.chaos(state, calling("hang", Json.object()), CONFIG)) {
            CompletableFuture<JsonNode> turn = s.send("call hang");
            Waits.eventually(WAIT, () -> "in_progress".equals(s.toolCall("c1").status()) || s.client.updates(s.session).stream()
                    .anyMatch(u -> u.path("toolCallId").asString("").equals("c1") && u.path("sessionUpdate").asString().equals("tool_call")),
                    "the call to start");
            s.closeSession();
            String stop = dev.tether.testing.acp.AcpTestClient.await(turn).path("result").path("stopReason").asString();
            FaultChecks.afterClosedSession(s, stop, "cancelled", s.toolCall("c1").shown(), "chaos", "hang");
        }
    }
}
