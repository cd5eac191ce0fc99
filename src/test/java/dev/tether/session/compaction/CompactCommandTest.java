package dev.tether.session.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.agent.Compactor;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.ScriptedCatalog;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code /compact} compacts on request: it is advertised; an editor with {@code session.compaction}
 * sees the compaction as {@code compaction_update} in_progress → completed with the summary in
 * {@code compaction_summary_chunk}s, and no marker message; the next request starts from the
 * summary and keeps the last exchange verbatim.
 */
class CompactCommandTest {
    @TempDir
    Path dir;

    @Test
    void compactOnRequestShowsTheCompactionToAnEditorThatCanShowIt() {
        ScriptedCatalog model = new ScriptedCatalog("""
                {"text": "Paris is the capital of France."}
                {"text": "Berlin is the capital of Germany."}
                {"chunks": ["SUMMARY: capitals ", "of France and Germany."], "expect": {"compaction": true}}
                {"text": "Rome.", "expect": {"compaction": false, "requestIncludes": "SUMMARY: capitals of France and Germany."}}
                """);
        try (InProcessAgent agent = Compaction.agent(dir, model, 200_000)) {
            AcpTestClient client = agent.client();
            client.request("initialize", Compaction.COMPACTION_EDITOR);
            String session = client.newSession(dir.toString(), null);
            Waits.eventually(Duration.ofSeconds(10), () -> client.updates(session, "available_commands_update").stream()
                    .anyMatch(u -> u.path("availableCommands").toString().contains("\"name\":\"compact\"")), "/compact is advertised");
            prompt(client, session, "Capital of France?");
            prompt(client, session, "Capital of Germany?");
            client.clearUpdates(session);

            assertEquals("end_turn", prompt(client, session, "/compact"));
            List<JsonNode> updates = client.updates(session).stream()
                    .filter(u -> u.path("sessionUpdate").asString().startsWith("compaction")).toList();
            String id = updates.getFirst().path("compactionId").asString();
            assertEquals(List.of("compaction_update:in_progress", "compaction_summary_chunk", "compaction_summary_chunk",
                    "compaction_update:completed"), updates.stream().map(CompactCommandTest::shape).toList());
            assertTrue(updates.stream().allMatch(u -> u.path("compactionId").asString().equals(id)), "one compaction id");
            assertEquals("SUMMARY: capitals of France and Germany.", updates.stream()
                    .filter(u -> u.path("sessionUpdate").asString().equals("compaction_summary_chunk"))
                    .map(u -> u.path("content").path("text").asString()).collect(Collectors.joining()));
            assertFalse(Compaction.text(client, session).contains("Context compacted"), "no marker for an editor that shows compactions");

            assertEquals("end_turn", prompt(client, session, "Capital of Italy?"));
            ModelRequest next = model.requests().getLast();
            List<ModelMessage> messages = next.messages();
            assertEquals(List.of(new Part.Text(Compactor.SUMMARY_HEADER + "SUMMARY: capitals of France and Germany."),
                    new Part.Text("Capital of Germany?")), messages.get(0).parts(), "summary, then the last exchange verbatim");
            assertEquals(List.of(new Part.Text("Berlin is the capital of Germany.")), messages.get(1).parts());
            assertEquals(List.of(new Part.Text("Capital of Italy?")), messages.get(2).parts());
            assertEquals(3, messages.size());
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void compactWithNothingToSummariseSaysSo() {
        ScriptedCatalog model = new ScriptedCatalog("""
                {"text": "never used"}
                """);
        try (InProcessAgent agent = Compaction.agent(dir, model, 200_000)) {
            AcpTestClient client = agent.client();
            client.request("initialize", Compaction.COMPACTION_EDITOR);
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", prompt(client, session, "/compact"));
            assertTrue(Compaction.text(client, session).contains("Nothing to compact"), Compaction.text(client, session));
            assertEquals(List.of(), client.updates(session, "compaction_update"));
            assertEquals(List.of(), model.requests());
        }
    }

    private static String prompt(AcpTestClient client, String session, String text) {
        return AcpTestClient.await(client.prompt(session, text)).path("result").path("stopReason").asString();
    }

    private static String shape(JsonNode update) {
        String kind = update.path("sessionUpdate").asString();
        return kind.equals("compaction_update") ? kind + ":" + update.path("status").asString() : kind;
    }
}
