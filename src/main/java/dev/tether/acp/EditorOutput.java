package dev.tether.acp;

import dev.tether.json.Json;
import dev.tether.session.SessionEvent;
import dev.tether.session.SessionOutput;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A session's events as {@code session/update} notifications; the rendering the session
 * records is the update itself, so {@code session/load} replays exactly what was sent.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP: the agent reports output</a>
 */
final class EditorOutput implements SessionOutput {
    private final ClientChannel client;
    private final String sessionId;
    private final boolean notices;

    /**
     * @param client  the editor behind the session's secret mask
     * @param notices the editor advertised {@code session.notices}: only then are notices sent
     */
    EditorOutput(ClientChannel client, String sessionId, boolean notices) {
        this.client = client;
        this.sessionId = sessionId;
        this.notices = notices;
    }

    EditorOutput(ClientChannel client, String sessionId) {
        this(client, sessionId, false);
    }

    @Override
    public JsonNode send(SessionEvent event) {
        JsonNode update = render(event);
        if (notices || !(event instanceof SessionEvent.Notice)) {
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
        return Json.tree(SessionEvents.toAcp(event));
    }

    @Override
    public void replay(List<JsonNode> recorded) {
        recorded.forEach(this::show);
        UnfinishedCalls.closing(recorded).forEach(this::show);
    }

    private void show(JsonNode update) {
        ObjectNode params = Json.object();
        params.put("sessionId", sessionId);
        params.set("update", update);
        client.notify("session/update", params);
    }
}
