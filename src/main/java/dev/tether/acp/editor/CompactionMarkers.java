package dev.tether.acp.editor;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Compactions for editors that do not advertise {@code session.compaction}: the protocol forbids
 * sending them {@code compaction_update} or {@code compaction_summary_chunk}, so a completed or
 * failed compaction becomes a short agent message (the marker the user sees, live and on
 * {@code session/load}), and everything else about it is left out. Applied to the updates as
 * recorded, so a session recorded for one editor replays correctly in another.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/prompt-turn#session-compaction">ACP session compaction</a>
 */
final class CompactionMarkers {
    static final String COMPLETED = "\n\n— Context compacted: the earlier conversation was summarised to fit the model's context window. —\n\n";
    static final String FAILED = "\n\n⚠ Compacting the conversation failed";
    static final String UNFINISHED = "Tether stopped before the compaction finished; the conversation was kept as it was.";

    private CompactionMarkers() {}

    /**
     * What an editor without compaction support is shown for {@code update}: the update itself when
     * it is not about a compaction, a marker message, or nothing.
     */
    static Optional<JsonNode> withoutCompaction(JsonNode update) {
        String kind = update.path("sessionUpdate").asString("");
        return switch (kind) {
            case "compaction_summary_chunk" -> Optional.empty();
            case "compaction_update" -> switch (update.path("status").asString("")) {
                case "completed" -> Optional.of(marker(COMPLETED));
                case "failed" -> Optional.of(marker(FAILED + reason(update) + ". The conversation was kept as it was. —\n\n"));
                default -> Optional.empty();
            };
            default -> Optional.of(update);
        };
    }

    /**
     * For an editor that shows compactions: a {@code failed} update for every compaction the record
     * leaves in progress (Tether stopped during its summary), so none shows as running forever.
     */
    static List<JsonNode> closing(List<JsonNode> replayed) {
        Map<String, String> status = new LinkedHashMap<>();
        for (JsonNode update : replayed) {
            if (update.path("sessionUpdate").asString("").equals("compaction_update")) {
                status.put(update.path("compactionId").asString(""), update.path("status").asString(""));
            }
        }
        List<JsonNode> closing = new ArrayList<>();
        status.forEach((id, now) -> {
            if (now.equals("in_progress")) {
                closing.add(Json.tree(new SessionUpdate.CompactionUpdate(id, "failed", UNFINISHED)));
            }
        });
        return closing;
    }

    private static String reason(JsonNode update) {
        String error = update.path("error").asString("");
        return error.isBlank() ? "" : ": " + error;
    }

    private static JsonNode marker(String text) {
        return Json.tree(new SessionUpdate.AgentMessageChunk(new ContentBlock.Text(text), null));
    }
}
