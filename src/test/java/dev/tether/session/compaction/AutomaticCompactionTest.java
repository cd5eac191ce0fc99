package dev.tether.session.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.agent.Compactor;
import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.ScriptedCatalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A session whose context reaches the threshold compacts before its next model request: the
 * summary request has no tools, the next request carries the summary, the user's prompt and the
 * step in flight verbatim; the transcript keeps everything; {@code session/load} shows a marker
 * and continues from the compacted context.
 */
class AutomaticCompactionTest {
    static final String SUMMARY = "SUMMARY: the user wants both notes; a.txt says alpha.";

    @TempDir
    Path dir;

    @Test
    void aLongTurnCompactsAndTheLoadedSessionContinuesFromTheSummary() throws Exception {
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.writeString(work.resolve("a.txt"), "alpha\n");
        Files.writeString(work.resolve("b.txt"), "bravo\n");
        Path state = dir.resolve("state");
        ScriptedCatalog model = new ScriptedCatalog("""
                {"toolCalls": [{"id": "r1", "name": "read_file", "input": {"path": "a.txt"}}], "usage": {"input": 500, "output": 20}, "expect": {"compaction": false}}
                {"toolCalls": [{"id": "r2", "name": "read_file", "input": {"path": "b.txt"}}], "usage": {"input": 9000, "output": 20}, "expect": {"toolResultContains": "alpha"}}
                {"text": "%s", "expect": {"compaction": true}}
                {"text": "Both notes read.", "expect": {"compaction": false, "requestIncludes": "%s", "toolResultContains": "bravo"}}
                """.formatted(SUMMARY, SUMMARY));
        String session;
        try (InProcessAgent agent = Compaction.agent(state, model, 10_000)) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(work.toString(), null);
            JsonNode answer = AcpTestClient.await(client.prompt(session, "Read both notes"));
            assertEquals("end_turn", answer.path("result").path("stopReason").asString(), Compaction.text(client, session));

            List<ModelRequest> requests = model.requests();
            assertEquals(4, requests.size());
            ModelRequest summary = requests.get(2);
            assertEquals(ModelRequest.Purpose.COMPACTION, summary.purpose());
            assertEquals(List.of(), summary.tools());
            assertTrue(Compaction.toolUseIds(summary.messages()).contains("r1"), "the summary request reads the old step");

            ModelRequest next = requests.get(3);
            assertEquals(3, next.messages().size(), next.messages().toString());
            ModelMessage opening = next.messages().get(0);
            assertEquals(List.of(new Part.Text(Compactor.SUMMARY_HEADER + SUMMARY), new Part.Text("Read both notes")), opening.parts());
            assertEquals(List.of(QueueUse.of("r2", "read_file", "b.txt")), next.messages().get(1).parts());
            Part.ToolResult result = (Part.ToolResult) next.messages().get(2).parts().getFirst();
            assertEquals("r2", result.toolUseId());
            assertFalse(Compaction.toolUseIds(next.messages()).contains("r1"), "the old step is summarised away");

            assertTrue(Compaction.text(client, session).contains("Context compacted"), "the user sees where it happened");
            assertEquals(List.of(), client.updates(session, "compaction_update"), "the editor did not advertise session.compaction");
            assertEquals(List.of(), client.updates(session, "compaction_summary_chunk"));
            assertEquals(List.of(), client.violations());
        }

        String transcript = Files.readString(state.resolve("sessions").resolve(session + ".jsonl"));
        assertTrue(transcript.contains("\"r1\"") && transcript.contains("alpha"), "the transcript keeps the summarised step");
        assertTrue(transcript.contains("\"kind\":\"compaction\""));

        ScriptedCatalog after = new ScriptedCatalog("""
                {"text": "Still here.", "expect": {"requestIncludes": "%s"}}
                """.formatted(SUMMARY));
        try (InProcessAgent agent = Compaction.agent(state, after, 10_000)) {
            AcpTestClient client = agent.client();
            client.initialize();
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", work.toString()).set("mcpServers", Json.array()));
            assertTrue(Compaction.text(client, session).contains("Context compacted"), "the replay shows the marker");
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "Anything else?")).path("result").path("stopReason").asString(),
                    Compaction.text(client, session));
            List<ModelMessage> restored = after.requests().getFirst().messages();
            assertFalse(Compaction.toolUseIds(restored).contains("r1"), "the loaded context is the compacted one");
            assertTrue(Compaction.toolUseIds(restored).contains("r2"));
            assertEquals(List.of(), client.violations());
        }
    }

    /** The tool use the script's second line makes. */
    private static final class QueueUse {
        static Part.ToolUse of(String id, String name, String path) {
            return new Part.ToolUse(id, name, Json.object().put("path", path));
        }
    }
}
