package dev.tether.model;

import java.util.List;
import tools.jackson.databind.JsonNode;

/** One block of a conversation message, in a provider-neutral form. */
public sealed interface Part {

    record Text(String text) implements Part {}

    /** An image; {@code base64} is the encoded bytes. */
    record Image(String mimeType, String base64) implements Part {}

    /** Model thinking; {@code signature} must be sent back unchanged (Anthropic). */
    record Thinking(String text, String signature) implements Part {}

    /** Thinking the provider encrypted; sent back as is. */
    record RedactedThinking(String data) implements Part {}

    record ToolUse(String id, String name, JsonNode input) implements Part {}

    /** The answer to one {@link ToolUse}; content holds only {@link Text} and {@link Image}. */
    record ToolResult(String toolUseId, List<Part> content, boolean isError) implements Part {
        public ToolResult {
            content = List.copyOf(content);
        }
    }
}
