package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The warning that a project's allow rules "do nothing until you approve them" reaches the
 * conversation only while that is true: not right after the user approved them at the first prompt.
 */
class ApprovedRulesWarningTest {
    private static final String WARNING = "do nothing until you approve them";

    @TempDir
    Path dir;

    /** The conversation's agent messages after one prompt, the project's rules question answered with {@code answer}. */
    private String firstTurn(String answer, List<JsonNode> questions) throws Exception {
        Path app = Files.createDirectories(dir.resolve("app").resolve(".tether")).getParent();
        Files.writeString(app.resolve(".tether/settings.json"), "{\"permissions\": {\"allow\": [\"run_command(touch:*)\"]}}");
        try (InProcessAgent agent = WiredAgent.fromEnvironment(dir.resolve("acp-state"), new QueueModel().then(QueueModel.Reply.text("hi")),
                WiredAgent.isolatedEnvironment(dir))) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> {
                if (!request.path("method").asString().equals("session/request_permission")) {
                    return AcpTestClient.editor(request);
                }
                questions.add(request.path("params"));
                return Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"" + answer + "\"}}");
            });
            client.initialize();
            String session = client.newSession(app.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "hello")).path("result").path("stopReason").asString());
            assertEquals(List.of(), client.violations());
            return client.updates(session, "agent_message_chunk").toString();
        }
    }

    @Test
    void approvedAtTheFirstPromptNoWarningFollows() throws Exception {
        List<JsonNode> questions = new CopyOnWriteArrayList<>();
        String said = firstTurn("allow_project", questions);
        assertEquals(1, questions.size(), "the rules were asked about");
        assertFalse(said.contains(WARNING), said);
    }

    @Test
    void leftUnansweredTheWarningSaysHowToApprove() throws Exception {
        List<JsonNode> questions = new CopyOnWriteArrayList<>();
        String said = firstTurn("dismiss", questions);
        assertEquals(1, questions.size(), "the rules were asked about");
        assertTrue(said.contains(WARNING) && said.contains("tether permissions approve"), said);
    }
}
