package dev.tether.session;

import dev.tether.model.ModelMessage;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** A session as read back from its transcript. */
public record SessionRecord(Meta meta, String title, Instant updatedAt, List<JsonNode> updates, List<ModelMessage> messages) {
    public SessionRecord {
        updates = List.copyOf(updates);
        messages = List.copyOf(messages);
    }

    public record Meta(SessionId sessionId, Path cwd, List<Path> additionalDirectories, Instant createdAt) {
        public Meta {
            additionalDirectories = List.copyOf(additionalDirectories);
        }
    }

    public record Summary(Meta meta, String title, Instant updatedAt) {}
}
