package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The payload of a {@code session/update} notification, tagged by {@code sessionUpdate}.
 * Serialise only: Tether writes these, it never reads them back (transcripts store the JSON).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output">ACP session updates</a>
 */
public sealed interface SessionUpdate {

    @JsonProperty("sessionUpdate")
    String sessionUpdate();

    record UserMessageChunk(ContentBlock content, String messageId) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "user_message_chunk";
        }
    }

    record AgentMessageChunk(ContentBlock content, String messageId) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "agent_message_chunk";
        }
    }

    record AgentThoughtChunk(ContentBlock content, String messageId) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "agent_thought_chunk";
        }
    }

    /** {@code name} is the tool's programmatic name as the model called it; null when there is none. */
    record ToolCall(@JsonUnwrapped ToolCallFields fields, String name) implements SessionUpdate {
        public ToolCall(ToolCallFields fields) {
            this(fields, null);
        }

        @Override
        public String sessionUpdate() {
            return "tool_call";
        }
    }

    /**
     * {@code name} is the tool's programmatic name as the model called it; null when there is none.
     * {@code _meta} carries Tether's extras (the permission decision of the call); usually null.
     */
    record ToolCallUpdate(@JsonUnwrapped ToolCallFields fields, String name, JsonNode _meta) implements SessionUpdate {
        public ToolCallUpdate(ToolCallFields fields, String name) {
            this(fields, name, null);
        }

        public ToolCallUpdate(ToolCallFields fields) {
            this(fields, null, null);
        }

        @Override
        public String sessionUpdate() {
            return "tool_call_update";
        }
    }

    record Plan(List<PlanEntry> entries) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "plan";
        }
    }

    /**
     * A plan by its id, replaced whole: plan operations, sent only to editors that advertise
     * {@code plan} (others get {@link Plan}).
     *
     * @see <a href="https://agentclientprotocol.com/rfds/plan-operations">ACP plan operations</a>
     */
    record PlanUpdate(PlanItems plan) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "plan_update";
        }
    }

    /** A plan the editor should no longer show; editors with {@code plan} only. */
    record PlanRemoved(String planId) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "plan_removed";
        }
    }

    /** A plan of structured entries, the kind of plan {@code update_plan} makes. */
    @com.fasterxml.jackson.annotation.JsonPropertyOrder({"type", "planId", "entries"})
    record PlanItems(String planId, List<PlanEntry> entries) {
        @JsonProperty("type")
        public String type() {
            return "items";
        }
    }

    record AvailableCommandsUpdate(List<AvailableCommand> availableCommands) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "available_commands_update";
        }
    }

    record CurrentModeUpdate(String currentModeId) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "current_mode_update";
        }
    }

    record ConfigOptionUpdate(List<ConfigOption> configOptions) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "config_option_update";
        }
    }

    record SessionInfoUpdate(String title, String updatedAt) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "session_info_update";
        }
    }

    /** Context use: {@code used} of {@code size} tokens. */
    record UsageUpdate(long used, long size) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "usage_update";
        }
    }

    /**
     * A compaction created or patched; {@code error} is null unless it failed. Sent only to editors
     * that advertise {@code session.compaction}.
     */
    record CompactionUpdate(String compactionId, String status, String error) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "compaction_update";
        }
    }

    /** A piece appended to a compaction's summary; editors with {@code session.compaction} only. */
    record CompactionSummaryChunk(String compactionId, ContentBlock content) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "compaction_summary_chunk";
        }
    }

    /**
     * Live information for the user, sent only to editors that advertise {@code session.notices}.
     *
     * @see <a href="https://agentclientprotocol.com/rfds/session-notices">ACP session notices</a>
     */
    record Notice(String severity, String title, String description) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "notice";
        }
    }

    /** A slash command offered to the user; {@code hint} describes the input, or null. */
    /**
     * The parent's news of a child session it owns (a subagent): the first one for an id announces
     * it, before any of its traffic; null fields are left out, so they keep their values.
     *
     * @param state {@link SubagentState}
     * @see <a href="https://agentclientprotocol.com/protocol/v1/subagents">ACP subagents</a>
     */
    record SubagentUpdate(String sessionId, String title, String description, SubagentCapabilities capabilities,
                          SubagentState state) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "subagent_update";
        }
    }

    /** What a client may do to a child session: {@code cancel} is an object (possibly empty) when it may cancel it. */
    record SubagentCapabilities(java.util.Map<String, Object> cancel) {}

    /** {@code running}, {@code requires_action}, or {@code idle} with the {@code stopReason} its work ended with. */
    record SubagentState(String state, String stopReason) {}

    /**
     * A message between two sessions (the task handed to a subagent, its answer), whole, as it is in
     * the enclosing session's transcript; {@code senderMessageId} links an incoming view to the
     * sender's outgoing one.
     */
    record SessionMessage(String messageId, String senderSessionId, String recipientSessionId, String senderMessageId,
                          List<ContentBlock> content) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "session_message";
        }
    }

    record AvailableCommand(String name, String description, CommandInput input) {}

    record CommandInput(String hint) {}
}
