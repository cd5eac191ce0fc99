package dev.tether.session;

import dev.tether.agent.TurnEvent;
import dev.tether.agent.TurnListener;
import dev.tether.model.Usage;
import dev.tether.session.api.SessionEvent;
import java.util.function.Consumer;

/**
 * A prompt turn's events as the session shows them. Message and thought chunks go to
 * {@code durable}, because a restored session shows them again; usage goes to {@code live}
 * only: the transcript keeps what was said, not meter readings.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP: the agent reports output</a>
 */
final class TurnOutput implements TurnListener {
    private final Consumer<SessionEvent> durable;
    private final Consumer<SessionEvent> live;
    private final long contextWindow;
    private volatile Usage total = Usage.ZERO;

    /**
     * @param contextWindow the model's context size in tokens, the scale usage is shown against
     */
    TurnOutput(Consumer<SessionEvent> durable, Consumer<SessionEvent> live, long contextWindow) {
        this.durable = durable;
        this.live = live;
        this.contextWindow = contextWindow;
    }

    @Override
    public void on(TurnEvent event) {
        switch (event) {
            case TurnEvent.MessageChunk chunk -> durable.accept(new SessionEvent.AgentMessage(chunk.messageId(), chunk.text()));
            case TurnEvent.ThoughtChunk chunk -> durable.accept(new SessionEvent.AgentThought(chunk.thoughtId(), chunk.text()));
            case TurnEvent.UsageReported reported -> reportUsage(reported.usage());
            case TurnEvent.CompactionStarted started -> durable.accept(
                    new SessionEvent.Compaction(started.compactionId(), SessionEvent.CompactionStatus.IN_PROGRESS, null));
            case TurnEvent.CompactionChunk chunk -> durable.accept(new SessionEvent.CompactionSummary(chunk.compactionId(), chunk.text()));
            case TurnEvent.CompactionEnded ended -> durable.accept(new SessionEvent.Compaction(ended.compactionId(), switch (ended.status()) {
                case COMPLETED -> SessionEvent.CompactionStatus.COMPLETED;
                case FAILED -> SessionEvent.CompactionStatus.FAILED;
                case CANCELLED -> SessionEvent.CompactionStatus.CANCELLED;
            }, ended.error()));
        }
    }

    /** The tokens of every model request of this turn so far, summed. */
    Usage total() {
        return total;
    }

    private void reportUsage(Usage usage) {
        total = total.plus(usage);
        if (usage.contextTokens() <= 0) {
            return; // a provider that reports no usage (the scripted one without "usage") has nothing to show
        }
        live.accept(new SessionEvent.UsageChanged(Math.min(usage.contextTokens(), contextWindow), contextWindow));
    }
}
