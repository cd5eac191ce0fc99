package dev.tether.session.transcript;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.security.Redactor;
import dev.tether.session.api.EventSink;
import dev.tether.session.api.SessionEvent;
import dev.tether.session.api.SessionOutput;
import java.util.Collection;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A session's record as it happens: every event is shown through the host's {@link SessionOutput}
 * and a durable one is kept in the transcript as the host rendered it; what the user typed is kept
 * (rendered, not shown: their editor shows it already); and so are the lines a restored session
 * goes on from — the model's messages, the history a compaction left, the title, the tools
 * {@code tool_search} loaded — in the format {@link TranscriptStore#read} reads back.
 */
public final class SessionRecorder implements EventSink {
    private final SessionOutput output;
    private final Transcript transcript;
    private boolean unsavedShown;

    public SessionRecorder(SessionOutput output, Transcript transcript) {
        this.output = output;
        this.transcript = transcript;
    }

    @Override
    public void send(SessionEvent event) {
        output.send(event);
    }

    @Override
    public void sendDurable(SessionEvent event) {
        JsonNode shown = output.send(event);
        if (shown != null) {
            transcript.append(Json.object().put("kind", "update").set("update", shown));
        }
    }

    /** Keeps an event without showing it (what the user typed). */
    public void record(SessionEvent event) {
        JsonNode rendered = output.render(event);
        if (rendered != null) {
            transcript.append(Json.object().put("kind", "update").set("update", rendered));
        }
    }

    /** A message of the model conversation. */
    public void message(ModelMessage message) {
        transcript.append(Json.object().put("kind", "message").set("message", MessageCodec.encode(message)));
    }

    /** The history a compaction left: a restored session starts from it (the messages before stay in the file). */
    public void compaction(List<ModelMessage> history) {
        transcript.append(TranscriptStore.compactionLine(history));
    }

    /** The session's title, set at {@code updatedAt}. */
    public void title(String title, String updatedAt) {
        transcript.append(Json.object().put("kind", "title").put("title", title).put("updatedAt", updatedAt));
    }

    /** The MCP tools tool_search loaded, kept so that load and resume offer them again. */
    public void loadedTools(Collection<String> names) {
        ObjectNode line = Json.object().put("kind", "tools");
        names.forEach(line.putArray("loaded")::add);
        transcript.append(line);
    }

    /** The session's mode, model and thinking level as they now stand: the newest line is what load and resume restore. */
    public void choices(SessionRecord.Choices choices) {
        transcript.append(Json.object().put("kind", "options").put("mode", choices.mode()).put("model", choices.model())
                .put("thinking", choices.thinking()));
    }

    /**
     * Tells the user once, in the session, that its transcript cannot be written: the editor's
     * log is not where a user looks.
     */
    public void warnIfUnsaved() {
        String unsaved = transcript.failure();
        if (unsaved != null && !unsavedShown) {
            unsavedShown = true;
            send(new SessionEvent.AgentMessage(null, "⚠ This session is not being saved and cannot be loaded later: "
                    + Redactor.redact(unsaved) + "\n\n"));
        }
    }

    public void close() {
        transcript.close();
    }
}
