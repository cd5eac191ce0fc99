package dev.tether.agent;

import dev.tether.model.ModelEvents;
import dev.tether.model.Part;
import java.util.UUID;

/** Turns a model stream into message and thought chunks, one messageId per response. */
final class StreamRelay implements ModelEvents {
    private final TurnListener listener;
    private final String messageId = UUID.randomUUID().toString();
    private final String thoughtId = UUID.randomUUID().toString();
    private final StringBuilder text = new StringBuilder();

    StreamRelay(TurnListener listener) {
        this.listener = listener;
    }

    @Override
    public void onText(String delta) {
        if (!delta.isEmpty()) {
            text.append(delta);
            listener.on(new TurnEvent.MessageChunk(messageId, delta));
        }
    }

    @Override
    public void onThinking(String delta) {
        if (!delta.isEmpty()) {
            listener.on(new TurnEvent.ThoughtChunk(thoughtId, delta));
        }
    }

    @Override
    public void onToolUse(Part.ToolUse toolUse) {
        // Nothing to show yet: the call is announced when TurnTools runs it, after the response.
    }

    /** The text streamed so far (kept when a turn is cancelled mid-answer). */
    String text() {
        return text.toString();
    }
}
