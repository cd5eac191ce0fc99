package dev.tether.acp;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * session/delete and session/close while a turn waits for the user's permission: the turn ends
 * cancelled and nothing of the session is written to disk after the delete.
 */
class DeleteDuringTurnTest {
    @TempDir
    Path dir;

    @Test
    void deleteDuringAPermissionRequestLeavesNoFileBehind() throws Exception {
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), writeModel(), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            String session = waitingForPermission(client);

            assertEquals(Json.object(), client.request("session/delete", Json.object().put("sessionId", session)));
            JsonNode response = AcpTestClient.await(pending);
            assertEquals("cancelled", response.path("result").path("stopReason").asString(), response.toString());
            // The prompt's answer comes after everything the cancelled turn wrote.
            assertEquals(List.of(), sessionFiles());
            assertEquals(0, client.request("session/list", "{}").path("sessions").size());
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void closeDuringAPermissionRequestKeepsTheTranscriptLoadable() throws Exception {
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), writeModel(), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            String session = waitingForPermission(client);

            client.request("session/close", Json.object().put("sessionId", session));
            JsonNode response = AcpTestClient.await(pending);
            assertEquals("cancelled", response.path("result").path("stopReason").asString(), response.toString());
            assertEquals(1, client.request("session/list", "{}").path("sessions").size());
            // Close waited for the turn: the cancelled call's result is in the transcript as the turn wrote it.
            String transcript = Files.readString(dir.resolve("state").resolve("sessions").resolve(session + ".jsonl"));
            assertTrue(transcript.lines().anyMatch(l -> l.startsWith("{\"kind\":\"message\"") && l.contains("w1")
                    && l.contains("tool_result")), transcript);
            // The cancelled call's end was written before the transcript closed: a load shows it ended.
            client.clearUpdates(session);
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", dir.resolve("work").toString())
                    .set("mcpServers", Json.array()));
            assertEquals("failed", client.updates(session, "tool_call_update").getLast().path("status").asString());
            assertEquals(List.of(), client.violations());
        }
    }

    private CompletableFuture<JsonNode> pending;

    private static QueueModel writeModel() {
        return new QueueModel()
                .then(QueueModel.Reply.tools(use("w1", "write_file", Json.object().put("path", "a.txt").put("content", "secret body"))))
                .then(QueueModel.Reply.text("done"));
    }

    private String waitingForPermission(AcpTestClient client) throws IOException {
        client.onRequest(request -> null); // the user never answers
        client.initialize();
        Path work = Files.createDirectories(dir.resolve("work"));
        String session = client.newSession(work.toString(), null);
        pending = client.prompt(session, "write a file");
        Waits.eventually(Duration.ofSeconds(10), () -> !client.agentRequests().isEmpty(), "a permission request");
        return session;
    }

    private List<String> sessionFiles() throws IOException {
        Path sessions = dir.resolve("state").resolve("sessions");
        if (!Files.isDirectory(sessions)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(sessions)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
