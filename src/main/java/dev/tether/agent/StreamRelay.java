package dev.tether.agent;

import dev.tether.acp.SessionUpdates;
import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.model.ModelEvents;
import dev.tether.model.Part;
import dev.tether.model.Usage;
import java.util.UUID;

/** Turns a model stream into message and thought chunks, one messageId per response. */
final class StreamRelay implements ModelEvents {
    private final SessionUpdates updates;
    private final String messageId = UUID.randomUUID().toString();
    private final String thoughtId = UUID.randomUUID().toString();
    private final StringBuilder text = new StringBuilder();
    private boolean delivered;
    private Usage usage = Usage.ZERO;

    StreamRelay(SessionUpdates updates) {
        this.updates = updates;
    }

    @Override
    public void onText(String delta) {
        if (!delta.isEmpty()) {
            delivered = true;
            text.append(delta);
            updates.send(new SessionUpdate.AgentMessageChunk(new ContentBlock.Text(delta), messageId));
        }
    }

    @Override
    public void onThinking(String delta) {
        if (!delta.isEmpty()) {
            delivered = true;
            updates.send(new SessionUpdate.AgentThoughtChunk(new ContentBlock.Text(delta), thoughtId));
        }
    }

    @Override
    public void onToolUse(Part.ToolUse toolUse) {
        delivered = true;
    }

    @Override
    public void onUsage(Usage latest) {
        usage = latest;
    }

    boolean delivered() {
        return delivered;
    }

    /** The text streamed so far (kept when a turn is cancelled mid-answer). */
    String text() {
        return text.toString();
    }

    Usage usage() {
        return usage;
    }
}
