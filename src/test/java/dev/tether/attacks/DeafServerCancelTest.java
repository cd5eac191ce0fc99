package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.mcp.DeafServer;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * An MCP server stops reading its stdin during a large call, so nothing more can be written to
 * it. {@code session/cancel} must still end the prompt as {@code cancelled} at once, and the
 * editor's connection must keep answering: telling the server about the cancel may wait on its
 * pipe, but never on the thread that reads the editor's messages.
 */
class DeafServerCancelTest {
    @TempDir
    Path state;

    @Test
    void cancelDuringACallToAServerThatStoppedReadingReturnsCancelledAndTheEditorIsStillServed() throws Exception {
        // Far more than a pipe holds: the write of the call itself is left hanging.
        String large = "x".repeat(1024 * 1024);
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("deaf", "mcp__deaf__listen", Json.object().put("text", large))))
                .then(QueueModel.Reply.text("unused"));
        try (McpAttackSession attack = new McpAttackSession(state, model,
                List.of(McpTestSupport.javaServer("deaf", DeafServer.class, Map.of())),
                Map.of("deaf", McpServerPolicy.DEFAULT), McpConnectionSettings.DEFAULT)) {
            CompletableFuture<JsonNode> prompt = attack.client.prompt(attack.session, "call it");
            Waits.eventually(Duration.ofSeconds(20), () -> attack.client.updates(attack.session, "tool_call_update").stream()
                    .anyMatch(u -> "in_progress".equals(u.path("status").asString())), "the call starts");

            // The server never reads again: a cancel or a request that waited on its pipe would never be answered.
            attack.client.cancel(attack.session);
            JsonNode answer = AcpTestClient.await(prompt);
            assertEquals("cancelled", answer.path("result").path("stopReason").asString(), answer.toString());

            JsonNode list = AcpTestClient.await(attack.client.send("session/list", Json.object()));
            assertEquals(attack.session, list.path("result").path("sessions").path(0).path("sessionId").asString(), list.toString());
        }
    }
}
