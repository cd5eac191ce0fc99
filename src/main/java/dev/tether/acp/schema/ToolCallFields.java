package dev.tether.acp.schema;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The fields of a tool call, used both for {@code tool_call} (all set) and
 * {@code tool_call_update} and permission requests (only what changed; null = unchanged).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/tool-calls">ACP tool calls</a>
 */
public record ToolCallFields(
        String toolCallId,
        String title,
        ToolKind kind,
        ToolCallStatus status,
        List<ToolCallContent> content,
        List<ToolCallLocation> locations,
        JsonNode rawInput,
        JsonNode rawOutput) {

    public static ToolCallFields status(String toolCallId, ToolCallStatus status) {
        return new ToolCallFields(toolCallId, null, null, status, null, null, null, null);
    }

    public ToolCallFields withStatus(ToolCallStatus newStatus) {
        return new ToolCallFields(toolCallId, title, kind, newStatus, content, locations, rawInput, rawOutput);
    }

    public ToolCallFields withContent(List<ToolCallContent> newContent) {
        return new ToolCallFields(toolCallId, title, kind, status, newContent, locations, rawInput, rawOutput);
    }
}
