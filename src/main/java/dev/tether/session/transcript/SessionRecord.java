package dev.tether.session.transcript;

import dev.tether.model.ModelMessage;
import dev.tether.session.api.SessionId;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * A session as read back from its transcript.
 *
 * @param loadedTools the deferred MCP tools {@code tool_search} loaded, offered again after load and resume
 * @param choices     the mode, model and thinking level last chosen, restored by load and resume
 */
public record SessionRecord(Meta meta, String title, Instant updatedAt, List<JsonNode> updates, List<ModelMessage> messages,
                            List<String> loadedTools, Choices choices) {
    public SessionRecord {
        updates = List.copyOf(updates);
        messages = List.copyOf(messages);
        loadedTools = List.copyOf(loadedTools);
    }

    public SessionRecord(Meta meta, String title, Instant updatedAt, List<JsonNode> updates, List<ModelMessage> messages) {
        this(meta, title, updatedAt, updates, messages, List.of(), Choices.NONE);
    }

    /**
     * What the user chose for the session, as ids (each null when never recorded: a transcript
     * written before these were kept, or a session whose options were never changed).
     */
    public record Choices(String mode, String model, String thinking) {
        public static final Choices NONE = new Choices(null, null, null);
    }

    public record Meta(SessionId sessionId, Path cwd, List<Path> additionalDirectories, Instant createdAt) {
        public Meta {
            additionalDirectories = List.copyOf(additionalDirectories);
        }
    }

    public record Summary(Meta meta, String title, Instant updatedAt) {}
}
