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
 */
public record SessionRecord(Meta meta, String title, Instant updatedAt, List<JsonNode> updates, List<ModelMessage> messages,
                            List<String> loadedTools) {
    public SessionRecord {
        updates = List.copyOf(updates);
        messages = List.copyOf(messages);
        loadedTools = List.copyOf(loadedTools);
    }

    public SessionRecord(Meta meta, String title, Instant updatedAt, List<JsonNode> updates, List<ModelMessage> messages) {
        this(meta, title, updatedAt, updates, messages, List.of());
    }

    public record Meta(SessionId sessionId, Path cwd, List<Path> additionalDirectories, Instant createdAt) {
        public Meta {
            additionalDirectories = List.copyOf(additionalDirectories);
        }
    }

    public record Summary(Meta meta, String title, Instant updatedAt) {}
}
