package dev.tether.acp.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.acp.ClientChannel;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code session/load} replays recorded compactions as the loading editor can take them: as they
 * were for an editor with {@code session.compaction} (one left in progress by a crash is closed
 * as failed), as a marker message for any other.
 */
class CompactionReplayTest {
    private static final JsonNode STARTED = Json.parse("{\"sessionUpdate\":\"compaction_update\",\"compactionId\":\"c1\",\"status\":\"in_progress\"}");
    private static final JsonNode CHUNK = Json.parse(
            "{\"sessionUpdate\":\"compaction_summary_chunk\",\"compactionId\":\"c1\",\"content\":{\"type\":\"text\",\"text\":\"SUMMARY\"}}");
    private static final JsonNode DONE = Json.parse("{\"sessionUpdate\":\"compaction_update\",\"compactionId\":\"c1\",\"status\":\"completed\"}");

    @Test
    void anEditorWithoutTheCapabilitySeesOnlyTheMarker() {
        List<JsonNode> shown = replay(false, List.of(STARTED, CHUNK, DONE));
        assertEquals(List.of("agent_message_chunk"), shown.stream().map(u -> u.path("sessionUpdate").asString()).toList());
        assertEquals(CompactionMarkers.COMPLETED, shown.getFirst().path("content").path("text").asString());
    }

    @Test
    void anEditorWithTheCapabilitySeesTheRecordAndAnUnfinishedOneClosed() {
        assertEquals(List.of(STARTED, CHUNK, DONE), replay(true, List.of(STARTED, CHUNK, DONE)));
        List<JsonNode> shown = replay(true, List.of(STARTED, CHUNK));
        assertEquals(3, shown.size());
        assertEquals(Json.parse("{\"sessionUpdate\":\"compaction_update\",\"compactionId\":\"c1\",\"status\":\"failed\",\"error\":\""
                + CompactionMarkers.UNFINISHED + "\"}"), shown.getLast());
        assertEquals(List.of(), replay(false, List.of(STARTED, CHUNK)), "nothing for an editor that cannot show it");
    }

    private static List<JsonNode> replay(boolean compaction, List<JsonNode> recorded) {
        List<JsonNode> shown = new CopyOnWriteArrayList<>();
        ClientChannel editor = new ClientChannel() {
            @Override
            public JsonNode request(String method, Object params, Cancellation cancellation) {
                throw new IllegalStateException("no requests on replay");
            }

            @Override
            public void notify(String method, Object params) {
                shown.add(Json.tree(params).path("update"));
            }
        };
        new EditorOutput(editor, "s-1", false, compaction, false).replay(recorded);
        return shown;
    }
}
