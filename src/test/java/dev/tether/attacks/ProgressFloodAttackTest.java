package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.mcp.calls.ProgressServer;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A hostile MCP server sends 50,000 progress notifications during one call. The editor gets at
 * most about ten progress updates a second for that call — not 50,000 — and the last progress the
 * server reported is shown before the call's final update; the next call works.
 */
class ProgressFloodAttackTest {
    @TempDir
    Path state;

    @Test
    void fiftyThousandProgressNotificationsBecomeAFewUpdatesEndingWithTheLast() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("flood", "mcp__progress__steps", Json.object().put("steps", 50_000).put("delayMs", 0))))
                .then(QueueModel.Reply.text("done"))
                .then(QueueModel.Reply.tools(use("again", "mcp__progress__steps", Json.object().put("steps", 2).put("delayMs", 0))))
                .then(QueueModel.Reply.text("done again"));
        try (McpAttackSession attack = new McpAttackSession(state, model,
                List.of(McpTestSupport.javaServer("progress", ProgressServer.class, Map.of())),
                Map.of("progress", McpServerPolicy.DEFAULT), McpConnectionSettings.DEFAULT)) {
            long started = System.nanoTime();
            assertEquals("end_turn", attack.prompt("flood me"));
            double seconds = (System.nanoTime() - started) / 1e9;
            assertEquals("done", attack.toolResult("flood"));

            List<JsonNode> updates = attack.client.updates(attack.session, "tool_call_update");
            List<String> progress = new ArrayList<>();
            int lastProgressAt = -1;
            int completedAt = -1;
            for (int i = 0; i < updates.size(); i++) {
                JsonNode update = updates.get(i);
                String text = update.path("content").path(0).path("content").path("text").asString("");
                if (update.path("status").isMissingNode() && text.matches("\\d+ — at \\d+")) {
                    progress.add(text);
                    lastProgressAt = i;
                } else if ("completed".equals(update.path("status").asString()) && completedAt < 0) {
                    completedAt = i;
                }
            }
            assertTrue(progress.size() <= 10 * seconds + 3,
                    progress.size() + " progress updates in " + seconds + " s: more than about ten a second");
            assertEquals("50000 — at 50000", progress.getLast(), "the last progress is what the editor shows");
            assertTrue(lastProgressAt < completedAt, "the latest progress comes before the call's final update");

            assertEquals("end_turn", attack.prompt("again"));
            assertEquals("done", attack.toolResult("again"));
        }
    }
}
