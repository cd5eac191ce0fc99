package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
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

/**
 * {@code session/fork}: a new session that starts from a copy of another's conversation, goes its
 * own way, and leaves the original as it was, on disk and in the editor.
 */
class SessionForkTest {
    @TempDir
    Path dir;

    private static String text(ModelMessage message) {
        return message.parts().stream().filter(Part.Text.class::isInstance).map(p -> ((Part.Text) p).text()).reduce("", String::concat);
    }

    private static String said(AcpTestClient client, String session) {
        return client.updates(session, "agent_message_chunk").stream().map(u -> u.path("content").path("text").asString())
                .reduce("", String::concat);
    }

    @Test
    void aForkStartsFromTheOriginalsConversationAndTheHistoriesDivergeWithoutTouchingTheOriginal() throws Exception {
        Path state = dir.resolve("state");
        Path work = Files.createDirectories(dir.resolve("work"));
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.text("The plan is A."))
                .then(QueueModel.Reply.text("Summary: plan A."))
                .then(QueueModel.Reply.text("Going on with A."));
        String original;
        String fork;
        try (InProcessAgent agent = new InProcessAgent(state, model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            assertEquals("{}", client.initialize().path("agentCapabilities").path("sessionCapabilities").path("fork").toString());
            original = client.newSession(work.toString(), null);
            client.request("session/set_mode", Json.object().put("sessionId", original).put("modeId", "acceptEdits"));
            AcpTestClient.await(client.prompt(original, "What is the plan?"));
            Path originalFile = state.resolve("sessions").resolve(original + ".jsonl");
            String before = Files.readString(originalFile);

            JsonNode forked = client.request("session/fork", Json.object().put("sessionId", original).put("cwd", work.toString()));
            fork = forked.path("sessionId").asString();
            assertNotEquals(original, fork);
            assertEquals("acceptEdits", forked.path("modes").path("currentModeId").asString(), "the fork keeps the original's mode");
            assertEquals(before, Files.readString(originalFile), "forking only reads the original");

            assertEquals("end_turn", AcpTestClient.await(client.prompt(fork, "Summarise it.")).path("result").path("stopReason").asString());
            assertEquals("end_turn", AcpTestClient.await(client.prompt(original, "Go on.")).path("result").path("stopReason").asString());

            // The fork's model saw the original's conversation, then its own prompt; the original's never saw the fork's.
            List<ModelMessage> forkRequest = model.requests().get(1).messages();
            assertEquals(List.of("What is the plan?", "The plan is A.", "Summarise it."), forkRequest.stream().map(SessionForkTest::text).toList());
            List<ModelMessage> originalRequest = model.requests().get(2).messages();
            assertEquals(List.of("What is the plan?", "The plan is A.", "Go on."), originalRequest.stream().map(SessionForkTest::text).toList());
            assertEquals("Summary: plan A.", said(client, fork), "the fork's updates go to the fork");
            assertEquals("The plan is A.Going on with A.", said(client, original));

            JsonNode listed = client.request("session/list", "{}").path("sessions");
            assertEquals(2, listed.size());
            assertTrue(listed.findValuesAsString("sessionId").containsAll(List.of(original, fork)));
            JsonNode forkEntry = listed.get(0).path("sessionId").asString().equals(fork) ? listed.get(0) : listed.get(1);
            assertEquals("What is the plan? (fork)", forkEntry.path("title").asString());
            assertEquals(List.of(), client.violations());
        }

        QueueModel next = new QueueModel();
        try (InProcessAgent agent = new InProcessAgent(state, next, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", original).put("cwd", work.toString()).set("mcpServers", Json.array()));
            client.request("session/load", Json.object().put("sessionId", fork).put("cwd", work.toString()).set("mcpServers", Json.array()));
            assertEquals("The plan is A.Going on with A.", said(client, original), "the original replays its own history");
            assertEquals("The plan is A.Summary: plan A.", said(client, fork), "the fork replays the shared start, then its own");
            List<String> forkPrompts = client.updates(fork, "user_message_chunk").stream()
                    .map(u -> u.path("content").path("text").asString()).toList();
            assertEquals(List.of("What is the plan?", "Summarise it."), forkPrompts);
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void forkingAnUnknownSessionIsNotFoundAndARelativeCwdIsInvalid() throws Exception {
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), new QueueModel(), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            JsonNode unknown = AcpTestClient.await(client.send("session/fork",
                    Json.object().put("sessionId", "no-such-session").put("cwd", dir.toString())));
            assertEquals(-32002, unknown.path("error").path("code").asInt());
            String session = client.newSession(dir.toString(), null);
            JsonNode relative = AcpTestClient.await(client.send("session/fork", Json.object().put("sessionId", session).put("cwd", "work")));
            assertEquals(-32602, relative.path("error").path("code").asInt());
            assertEquals(List.of(), client.violations());
        }
    }
}
