package dev.tether.session.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.model.ModelMessage;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.ScriptedCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A prompt cancelled while it compacts ends cancelled; the compaction is cancelled and the conversation stays as it was. */
class CancelDuringCompactionTest {
    @TempDir
    Path dir;

    @Test
    void cancellingTheCompactionKeepsTheConversation() throws Exception {
        ScriptedCatalog model = new ScriptedCatalog("""
                {"text": "First answer.", "usage": {"input": 9000, "output": 10}}
                {"chunks": ["SUMMARY that never ", "ends"], "chunkDelayMs": 60000, "expect": {"compaction": true}}
                """);
        try (InProcessAgent agent = Compaction.agent(dir, model, 10_000)) {
            AcpTestClient client = agent.client();
            client.request("initialize", Compaction.COMPACTION_EDITOR);
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", stop(client.prompt(session, "First question")));
            List<ModelMessage> before = model.requests().getFirst().messages();

            var second = client.prompt(session, "Second question");
            Waits.eventually(Duration.ofSeconds(10), () -> !client.updates(session, "compaction_update").isEmpty(),
                    "the compaction starts");
            client.cancel(session);
            assertEquals("cancelled", stop(second));
            assertEquals(List.of("in_progress", "cancelled"), client.updates(session, "compaction_update").stream()
                    .map(u -> u.path("status").asString()).toList());

            assertEquals(List.of(), client.violations());
            assertEquals(2, model.requests().size(), "no request after the cancelled summary");
            assertEquals(before, model.requests().get(1).messages().subList(0, before.size()),
                    "the summary request read the conversation as it was");
            String transcript = Files.readString(dir.resolve("sessions").resolve(session + ".jsonl"));
            assertFalse(transcript.contains("\"kind\":\"compaction\""), "the conversation was not replaced");
            assertTrue(transcript.contains("Second question"), "the prompt itself stays in the conversation");
        }
    }

    private static String stop(java.util.concurrent.CompletableFuture<tools.jackson.databind.JsonNode> answer) {
        return AcpTestClient.await(answer).path("result").path("stopReason").asString();
    }
}
