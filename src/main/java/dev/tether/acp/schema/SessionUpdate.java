package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

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

    record ToolCall(@JsonUnwrapped ToolCallFields fields) implements SessionUpdate {
        @Override
        public String sessionUpdate() {
            return "tool_call";
        }
    }

    record ToolCallUpdate(@JsonUnwrapped ToolCallFields fields) implements SessionUpdate {
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
    record AvailableCommand(String name, String description, CommandInput input) {}

    record CommandInput(String hint) {}
}
