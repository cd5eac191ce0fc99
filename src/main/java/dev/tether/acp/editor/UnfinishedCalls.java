package dev.tether.acp.editor;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.acp.schema.ToolCallContent;
import dev.tether.acp.schema.ToolCallFields;
import dev.tether.acp.schema.ToolCallStatus;
import dev.tether.agent.ToolPairing;
import dev.tether.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Tool calls a transcript shows as started but never finished (Tether stopped, or a failure got
 * past every guard). On replay each gets a last {@code tool_call_update} marking it failed, so
 * the editor does not show it as running forever; the model side is repaired by {@link ToolPairing}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup#loading-sessions">ACP loading sessions</a>
 */
final class UnfinishedCalls {
    private UnfinishedCalls() {}

    /** The updates that close every call of {@code replayed} still pending or in progress at its end. */
    static List<JsonNode> closing(List<JsonNode> replayed) {
        Map<String, String> status = new LinkedHashMap<>();
        for (JsonNode update : replayed) {
            String kind = update.path("sessionUpdate").asString("");
            String id = update.path("toolCallId").asString("");
            if (id.isEmpty() || !(kind.equals("tool_call") || kind.equals("tool_call_update"))) {
                continue;
            }
            String now = update.path("status").asString("");
            if (!now.isEmpty() || !status.containsKey(id)) {
                status.put(id, now.isEmpty() ? "pending" : now);
            }
        }
        List<JsonNode> closing = new ArrayList<>();
        status.forEach((id, now) -> {
            if (now.equals("pending") || now.equals("in_progress")) {
                closing.add(Json.tree(new SessionUpdate.ToolCallUpdate(new ToolCallFields(id, null, null, ToolCallStatus.FAILED,
                        List.of(new ToolCallContent.Content(new ContentBlock.Text(ToolPairing.MISSING_RESULT))), null, null, null))));
            }
        });
        return closing;
    }
}
