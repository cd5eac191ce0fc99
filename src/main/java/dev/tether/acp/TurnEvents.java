package dev.tether.acp;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.agent.StopReason;
import dev.tether.agent.TurnEvent;
import dev.tether.agent.TurnListener;
import dev.tether.model.Usage;

/**
 * The one mapping of a prompt turn to ACP: its {@link TurnEvent}s become {@code session/update}
 * notifications and its {@link StopReason} the {@code stopReason} of the prompt's answer.
 * Message and thought chunks go to {@code durable}, because {@code session/load} replays them;
 * usage goes to {@code live} only: the transcript keeps what was said, not meter readings.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP: the agent reports output</a>
 */
public final class TurnEvents implements TurnListener {
    private final SessionUpdates durable;
    private final SessionUpdates live;
    private final long contextWindow;

    /**
     * @param contextWindow the model's context size in tokens, the scale of {@code usage_update}
     */
    public TurnEvents(SessionUpdates durable, SessionUpdates live, long contextWindow) {
        this.durable = durable;
        this.live = live;
        this.contextWindow = contextWindow;
    }

    @Override
    public void on(TurnEvent event) {
        switch (event) {
            case TurnEvent.MessageChunk chunk ->
                    durable.send(new SessionUpdate.AgentMessageChunk(new ContentBlock.Text(chunk.text()), chunk.messageId()));
            case TurnEvent.ThoughtChunk chunk ->
                    durable.send(new SessionUpdate.AgentThoughtChunk(new ContentBlock.Text(chunk.text()), chunk.thoughtId()));
            case TurnEvent.UsageReported reported -> reportUsage(reported.usage());
        }
    }

    private void reportUsage(Usage usage) {
        if (usage.contextTokens() <= 0) {
            return; // a provider that reports no usage (the scripted one without "usage") has nothing to show
        }
        live.send(new SessionUpdate.UsageUpdate(Math.min(usage.contextTokens(), contextWindow), contextWindow));
    }

    /** The wire name of a turn's end, as {@code session/prompt} answers it. */
    static String stopReason(StopReason reason) {
        return switch (reason) {
            case END_TURN -> "end_turn";
            case MAX_TOKENS -> "max_tokens";
            case MAX_TURN_REQUESTS -> "max_turn_requests";
            case REFUSAL -> "refusal";
            case CANCELLED -> "cancelled";
        };
    }
}
