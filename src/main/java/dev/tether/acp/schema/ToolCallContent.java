package dev.tether.acp.schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What a tool call shows in the editor.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls#content">ACP tool call content</a>
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.EXISTING_PROPERTY, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = ToolCallContent.Content.class, name = "content"),
        @JsonSubTypes.Type(value = ToolCallContent.Diff.class, name = "diff"),
        @JsonSubTypes.Type(value = ToolCallContent.Terminal.class, name = "terminal"),
        @JsonSubTypes.Type(value = ToolCallContent.Session.class, name = "session"),
})
public sealed interface ToolCallContent {

    @JsonProperty("type")
    String type();

    record Content(ContentBlock content) implements ToolCallContent {
        @Override
        public String type() {
            return "content";
        }

        public static Content text(String text) {
            return new Content(new ContentBlock.Text(text));
        }
    }

    /** A file change; {@code oldText} is null for a new file. */
    record Diff(String path, @JsonInclude(JsonInclude.Include.ALWAYS) String oldText, String newText)
            implements ToolCallContent {
        @Override
        public String type() {
            return "diff";
        }
    }

    record Terminal(String terminalId) implements ToolCallContent {
        @Override
        public String type() {
            return "terminal";
        }
    }

    /**
     * The tool call runs session {@code sessionId} (a subagent's child session, announced before by
     * {@code subagent_update}); sent only to editors that advertise {@code subagents}.
     *
     * @see <a href="https://agentclientprotocol.com/protocol/v1/subagents">ACP subagents</a>
     */
    record Session(String sessionId) implements ToolCallContent {
        @Override
        public String type() {
            return "session";
        }
    }
}
