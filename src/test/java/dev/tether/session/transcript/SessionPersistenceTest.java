package dev.tether.session.transcript;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Sessions outlive the process: list, load with replay, resume, delete. */
class SessionPersistenceTest {
    @TempDir
    Path dir;

    @Test
    void loadReplaysWhatTheEditorSawAndTheConversationContinues() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("notes.txt"), "remember the milk\n");
        Path state = dir.resolve("state");
        String session;
        List<JsonNode> original;
        QueueModel first = new QueueModel()
                .then(QueueModel.Reply.tools(use("r1", "read_file", Json.object().put("path", "notes.txt"))))
                .then(QueueModel.Reply.text("It says to remember the milk."));
        try (InProcessAgent agent = new InProcessAgent(state, first, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(work.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "What do my notes say?")).path("result").path("stopReason").asString());
            original = client.updates(session).stream()
                    .filter(u -> !List.of("usage_update", "available_commands_update").contains(u.path("sessionUpdate").asString()))
                    .filter(u -> !u.path("status").asString().equals("in_progress"))
                    .toList();
            JsonNode list = client.request("session/list", "{}");
            assertEquals(session, list.path("sessions").path(0).path("sessionId").asString());
            assertEquals("What do my notes say?", list.path("sessions").path(0).path("title").asString());
            assertEquals(List.of(), client.violations());
        }

        QueueModel second = new QueueModel().then(QueueModel.Reply.text("Milk, still."));
        try (InProcessAgent agent = new InProcessAgent(state, second, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", work.toString()).set("mcpServers", Json.array()));
            List<JsonNode> replayed = client.updates(session).stream()
                    .filter(u -> !List.of("user_message_chunk", "available_commands_update").contains(u.path("sessionUpdate").asString()))
                    .toList();
            assertEquals(original, replayed);
            assertEquals("What do my notes say?", client.updates(session, "user_message_chunk").getFirst().path("content").path("text").asString());

            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "And now?")).path("result").path("stopReason").asString());
            List<ModelMessage> sent = second.requests().getFirst().messages();
            assertEquals(5, sent.size(), "the model sees the restored conversation (prompt, tool use, result, answer) plus the new prompt");
            assertTrue(sent.get(2).parts().stream().anyMatch(p -> p instanceof Part.ToolResult r
                    && r.content().toString().contains("remember the milk")));
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void resumeRestoresWithoutReplayAndDeleteForgets() throws Exception {
        Path state = dir.resolve("state");
        String session;
        try (InProcessAgent agent = new InProcessAgent(state, new QueueModel().then(QueueModel.Reply.text("hi")), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(dir.toString(), null);
            AcpTestClient.await(client.prompt(session, "hello"));
        }
        try (InProcessAgent agent = new InProcessAgent(state, new QueueModel().then(QueueModel.Reply.text("again")), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            JsonNode resumed = client.request("session/resume", Json.object().put("sessionId", session).put("cwd", dir.toString()));
            assertEquals("ask", resumed.path("modes").path("currentModeId").asString());
            assertEquals(List.of(), client.updates(session).stream()
                    .filter(u -> !u.path("sessionUpdate").asString().equals("available_commands_update")).toList(), "nothing replayed");
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "more")).path("result").path("stopReason").asString());
            client.request("session/delete", Json.object().put("sessionId", session));
            assertEquals(0, client.request("session/list", "{}").path("sessions").size());
            JsonNode gone = AcpTestClient.await(client.send("session/load",
                    Json.object().put("sessionId", session).put("cwd", dir.toString()).set("mcpServers", Json.array())));
            assertEquals(-32002, gone.path("error").path("code").asInt());
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aTornTurnIsRepairedSoTheModelAcceptsTheHistory() {
        List<ModelMessage> torn = List.of(
                ModelMessage.user(List.of(new Part.Text("go"))),
                ModelMessage.assistant(List.of(new Part.ToolUse("t1", "run_command", Json.object()))));
        List<ModelMessage> repaired = TranscriptStore.repair(torn);
        assertEquals(3, repaired.size());
        Part.ToolResult result = (Part.ToolResult) repaired.get(2).parts().getFirst();
        assertEquals("t1", result.toolUseId());
        assertTrue(result.isError());
    }
}
