package dev.tether.agent;

import dev.tether.model.Usage;

/**
 * What a prompt turn reports while it runs, in the order it happens, for whoever shows the
 * turn to a user (the editor adapter maps each event to a session update). Tool calls are not
 * here: {@link TurnTools#call} announces and reports its own call.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP: the agent reports output</a>
 */
public sealed interface TurnEvent {

    /** A piece of the model's answer; all pieces of one model response share {@code messageId}. */
    record MessageChunk(String messageId, String text) implements TurnEvent {}

    /** A piece of the model's visible reasoning; all pieces of one model response share {@code thoughtId}. */
    record ThoughtChunk(String thoughtId, String text) implements TurnEvent {}

    /** The token usage of a finished model response (the context it occupied). */
    record UsageReported(Usage usage) implements TurnEvent {}

    /** A compaction of the conversation began; its summary request is under way. */
    record CompactionStarted(String compactionId) implements TurnEvent {}

    /** A piece of a compaction's summary as the model writes it. */
    record CompactionChunk(String compactionId, String text) implements TurnEvent {}

    /**
     * A compaction ended: {@code COMPLETED} (the summary replaced {@code summarisedMessages}
     * messages), {@code FAILED} ({@code error} says why; the conversation is unchanged) or
     * {@code CANCELLED} (the conversation is unchanged).
     */
    record CompactionEnded(String compactionId, Compactor.Status status, int summarisedMessages, String error)
            implements TurnEvent {}
}
