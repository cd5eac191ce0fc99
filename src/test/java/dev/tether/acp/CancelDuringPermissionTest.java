package dev.tether.acp;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** session/cancel while a permission request is pending: cancelled, withdrawn, nothing else runs. */
class CancelDuringPermissionTest {
    @TempDir
    Path dir;

    @Test
    void cancelEndsTheStepAndWithdrawsThePermissionRequest() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(
                        use("w1", "write_file", Json.object().put("path", "first.txt").put("content", "one")),
                        use("w2", "write_file", Json.object().put("path", "second.txt").put("content", "two"))))
                .then(QueueModel.Reply.text("done"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> null); // the user never answers
            client.initialize();
            Path work = Files.createDirectories(dir.resolve("work"));
            String session = client.newSession(work.toString(), null);
            CompletableFuture<JsonNode> prompt = client.prompt(session, "write two files");
            Waits.eventually(Duration.ofSeconds(10), () -> !client.agentRequests().isEmpty(), "a permission request");
            JsonNode permission = client.agentRequests().getFirst();
            assertEquals("session/request_permission", permission.path("method").asString());

            client.cancel(session);
            JsonNode response = AcpTestClient.await(prompt);
            assertEquals("cancelled", response.path("result").path("stopReason").asString(), response.toString());
            assertEquals(List.of(permission.get("id")), client.cancelRequests().stream().map(p -> p.get("requestId")).toList());
            assertFalse(Files.exists(work.resolve("first.txt")));
            assertFalse(Files.exists(work.resolve("second.txt")));
            // Only the first call was ever announced, and it ended failed (ACP has no "cancelled" status).
            List<JsonNode> calls = client.updates(session, "tool_call");
            assertEquals(1, calls.size());
            assertEquals("w1", calls.getFirst().path("toolCallId").asString());
            JsonNode last = client.updates(session, "tool_call_update").getLast();
            assertEquals("failed", last.path("status").asString());
            assertEquals(1, model.requests().size(), "no model request after a cancelled turn");
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void cancellingAnIdleSessionIsHarmlessAndTheNextTurnWorks() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("hello"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            client.cancel(session);
            JsonNode response = AcpTestClient.await(client.prompt(session, "hi"));
            assertEquals("end_turn", response.path("result").path("stopReason").asString());
            assertEquals("hello", client.updates(session, "agent_message_chunk").getFirst().path("content").path("text").asString());
            assertEquals(List.of(), client.violations());
        }
    }
}
