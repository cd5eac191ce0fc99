package dev.tether.session.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.ScriptedCatalog;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * When the summary request fails, the user is told why, the conversation is kept whole and the
 * turn goes on with an uncompacted request (a compaction is not retried in the same turn).
 */
class FailedCompactionTest {
    @TempDir
    Path dir;

    @Test
    void aFailedSummaryKeepsTheConversationAndTheTurnGoesOn() {
        ScriptedCatalog model = new ScriptedCatalog("""
                {"text": "First answer.", "usage": {"input": 9000, "output": 10}}
                {"error": {"status": 400, "message": "prompt is too long"}, "expect": {"compaction": true}}
                {"text": "Second answer.", "expect": {"compaction": false, "lastUserTextContains": "Second question"}}
                """);
        try (InProcessAgent agent = Compaction.agent(dir, model, 10_000)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "First question")).path("result").path("stopReason").asString());
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "Second question")).path("result").path("stopReason").asString());

            String shown = Compaction.text(client, session);
            assertTrue(shown.contains("Compacting the conversation failed: scripted: HTTP 400: prompt is too long"), shown);
            assertTrue(shown.endsWith("Second answer."), shown);
            List<ModelRequest> requests = model.requests();
            assertEquals(3, requests.size());
            List<ModelMessage> last = requests.get(2).messages();
            assertEquals(3, last.size(), "first question, first answer, second question: nothing summarised");
            assertEquals(List.of(), client.violations());
        }
    }
}
