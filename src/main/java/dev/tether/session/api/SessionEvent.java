package dev.tether.session.api;

import dev.tether.tools.Plan;
import dev.tether.tools.SessionMode;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolDisplay;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What a session shows its user, in the order it happens, in no host's vocabulary: the
 * {@link SessionOutput} renders each event for its host (the ACP adapter as a session update).
 * Events sent durably are recorded so that a restored session can show them again.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP: the agent reports output</a>
 */
public sealed interface SessionEvent {

    /** One piece of what the user typed (the editor shows it already: recorded for replay only). */
    record UserMessage(PromptBlock block, String messageId) implements SessionEvent {}

    /** Text from the agent to the user; pieces of one message share {@code messageId} (null: a message of its own). */
    record AgentMessage(String messageId, String text) implements SessionEvent {}

    /** The model's visible reasoning, or a transient remark while the agent waits. */
    record AgentThought(String messageId, String text) implements SessionEvent {}

    /** A tool call (or a request shown as one) announced, pending until an update says otherwise. */
    record ToolCallStarted(String toolCallId, ToolCallView view, JsonNode rawInput, String name) implements SessionEvent {
        /** A call with no programmatic tool name (a permission Tether asks for itself). */
        public ToolCallStarted(String toolCallId, ToolCallView view, JsonNode rawInput) {
            this(toolCallId, view, rawInput, null);
        }
    }

    /** A change to an announced call; null fields stay as they were. */
    record ToolCallUpdated(String toolCallId, CallStatus status, List<ToolDisplay> content, JsonNode rawOutput, String name)
            implements SessionEvent {
        /** An update that leaves the tool's name as announced. */
        public ToolCallUpdated(String toolCallId, CallStatus status, List<ToolDisplay> content, JsonNode rawOutput) {
            this(toolCallId, status, content, rawOutput, null);
        }

        public static ToolCallUpdated status(String toolCallId, CallStatus status) {
            return new ToolCallUpdated(toolCallId, status, null, null);
        }
    }

    /**
     * What the permission gate decided for an announced call: {@code decision} {@code allowed} or
     * {@code denied}, {@code by} in {@code PermissionDecision.Basis.by()}'s words ({@code mode},
     * {@code rule}, {@code flag}, {@code user}). Kept in the transcript; an editor sees it as a
     * {@code tool_call_update} whose {@code _meta} says so.
     */
    record PermissionDecided(String toolCallId, String decision, String by) implements SessionEvent {}

    /** The agent's whole plan, replacing the one shown before. */
    record PlanUpdated(List<Plan.Item> entries) implements SessionEvent {}

    /** The slash commands the user can type now. */
    record CommandsAvailable(List<Command> commands) implements SessionEvent {}

    /** The session's mode changed. */
    record ModeChanged(SessionMode mode) implements SessionEvent {}

    /** The session's title, set from its first prompt; {@code updatedAt} is an ISO-8601 instant. */
    record TitleChanged(String title, String updatedAt) implements SessionEvent {}

    /** The context in use: {@code used} of {@code size} tokens. */
    record UsageChanged(long used, long size) implements SessionEvent {}

    /**
     * A compaction of the conversation began or ended; {@code error} says why one failed, else null.
     * Editors that cannot show compactions get a plain message when one completed or failed.
     */
    record Compaction(String compactionId, CompactionStatus status, String error) implements SessionEvent {}

    /** A piece of a compaction's summary, as the model writes it. */
    record CompactionSummary(String compactionId, String text) implements SessionEvent {}

    /** Where a compaction stands. */
    enum CompactionStatus { IN_PROGRESS, COMPLETED, FAILED, CANCELLED }

    /**
     * Live information for the user, outside the session's history (never recorded); shown only by
     * hosts that can ({@link SessionOutput#showsNotices()}).
     *
     * @param severity {@link #INFO}, {@link #WARNING} or {@link #ERROR}
     * @see <a href="https://agentclientprotocol.com/rfds/session-notices">ACP session notices</a>
     */
    record Notice(String severity, String title, String description) implements SessionEvent {
        public static final String INFO = "info";
        public static final String WARNING = "warning";
        public static final String ERROR = "error";
    }

    /** Where an announced call stands once it left pending. */
    enum CallStatus { IN_PROGRESS, COMPLETED, FAILED }

    /** A slash command offered to the user; {@code inputHint} describes its input, or is null when it takes none. */
    /**
     * A subagent's child session, as its parent shows it: announced (title, description: both null
     * afterwards, keeping their values) when it starts {@code RUNNING}; {@code REQUIRES_ACTION} while
     * it waits for the user; {@code IDLE} with the stop reason its work ended with ({@code end_turn},
     * {@code cancelled}, {@code max_turn_requests}). Sent only to hosts that show subagents.
     */
    record SubagentChanged(String childId, String title, String description, SubagentState state, String stopReason)
            implements SessionEvent {}

    /** What a subagent is doing, as its parent shows it. */
    enum SubagentState { RUNNING, REQUIRES_ACTION, IDLE }

    /**
     * A message between a session and its subagent (the task, the answer) as one of them shows it;
     * {@code senderMessageId} is set on the recipient's view, naming the sender's.
     */
    record InterSessionMessage(String messageId, String senderId, String recipientId, String senderMessageId, String text)
            implements SessionEvent {}

    record Command(String name, String description, String inputHint) {}
}
