package dev.tether.agent;

import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import java.util.List;

/**
 * A rough token count for text the provider has not measured yet: four characters a token, the
 * usual figure for English and code. It only decides when to compact, so being a little off
 * moves the compaction by a request, no more.
 */
final class TokenEstimate {
    static final int CHARS_PER_TOKEN = 4;
    /** What an image is counted as: providers bill a typical screenshot at one to two thousand tokens. */
    static final int IMAGE_TOKENS = 1_600;

    private TokenEstimate() {}

    static long messages(List<ModelMessage> messages) {
        long tokens = 0;
        for (ModelMessage message : messages) {
            for (Part part : message.parts()) {
                tokens += part(part);
            }
        }
        return tokens;
    }

    static long request(String system, List<ToolDefinition> tools) {
        long chars = system == null ? 0 : system.length();
        for (ToolDefinition tool : tools) {
            chars += tool.toString().length();
        }
        return chars / CHARS_PER_TOKEN;
    }

    private static long part(Part part) {
        return switch (part) {
            case Part.Text text -> text.text().length() / CHARS_PER_TOKEN;
            case Part.Image image -> IMAGE_TOKENS;
            case Part.Thinking thinking -> thinking.text().length() / CHARS_PER_TOKEN;
            case Part.RedactedThinking hidden -> hidden.data().length() / CHARS_PER_TOKEN;
            case Part.ToolUse use -> (use.name().length() + String.valueOf(use.input()).length()) / CHARS_PER_TOKEN;
            case Part.ToolResult result -> result.content().stream().mapToLong(TokenEstimate::part).sum();
        };
    }
}
