package dev.tether.acp.editor;

import dev.tether.acp.ClientChannel;
import dev.tether.acp.SessionEvents;
import dev.tether.acp.ToolDisplays;
import dev.tether.acp.schema.client.SessionNotification;
import dev.tether.json.Json;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.SessionOutput;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * A session's events as {@code session/update} notifications; the rendering the session
 * records is the update itself, so {@code session/load} replays exactly what was sent. An
 * editor without {@code session.compaction} sees compactions as {@link CompactionMarkers}.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP: the agent reports output</a>
 */
final class EditorOutput implements SessionOutput {
    private final ClientChannel client;
    private final String sessionId;
    private final boolean notices;
    private final boolean compaction;
    private final boolean planOperations;

    /**
     * @param client         the editor behind the session's secret mask
     * @param notices        the editor advertised {@code session.notices}: only then are notices sent
     * @param compaction     the editor advertised {@code session.compaction}: only then are compaction updates sent
     * @param planOperations the editor advertised {@code plan}: plans go as {@code plan_update} / {@code plan_removed}
     */
    EditorOutput(ClientChannel client, String sessionId, boolean notices, boolean compaction, boolean planOperations) {
        this.client = client;
        this.sessionId = sessionId;
        this.notices = notices;
        this.compaction = compaction;
        this.planOperations = planOperations;
    }

    EditorOutput(ClientChannel client, String sessionId) {
        this(client, sessionId, false, false, false);
    }

    @Override
    public JsonNode send(SessionEvent event) {
        JsonNode update = render(event);
        if (update != null && (notices || !(event instanceof SessionEvent.Notice))) {
            show(update);
        }
        return update;
    }

    @Override
    public boolean showsNotices() {
        return notices;
    }

    @Override
    public JsonNode render(SessionEvent event) {
        JsonNode update = Json.tree(planOperations && event instanceof SessionEvent.PlanUpdated plan
                ? ToolDisplays.planOperation(plan.entries()) : SessionEvents.toAcp(event));
        return compaction ? update : CompactionMarkers.withoutCompaction(update).orElse(null);
    }

    @Override
    public void replay(List<JsonNode> recorded) {
        for (JsonNode update : recorded) {
            Optional<JsonNode> shown = compaction ? Optional.of(update) : CompactionMarkers.withoutCompaction(update);
            shown.ifPresent(this::show);
        }
        UnfinishedCalls.closing(recorded).forEach(this::show);
        if (compaction) {
            CompactionMarkers.closing(recorded).forEach(this::show);
        }
    }

    private void show(JsonNode update) {
        client.notify(new SessionNotification(sessionId, update));
    }
}
