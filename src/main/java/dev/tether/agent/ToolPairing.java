package dev.tether.agent;

import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps a history acceptable to model APIs, which reject a request in which any
 * {@code tool_use} lacks its {@code tool_result} in the following user message. A call can lose
 * its result when Tether stops mid-turn, or when a tool or the loop fails in a way nothing
 * caught; one such gap would otherwise make every later request of the session fail, even after
 * {@code session/load}. Each missing result is supplied as an error result.
 *
 * @see <a href="https://docs.anthropic.com/en/docs/build-with-claude/tool-use">Anthropic tool use</a>
 */
public final class ToolPairing {
    /** What the model reads for a call that ended without a result. */
    public static final String MISSING_RESULT = "Interrupted: this tool call ended without a result (Tether stopped or the call failed).";

    private ToolPairing() {}

    /**
     * The messages with an error result added, right after the assistant message, for every tool
     * use that no user message before the next assistant message answers. Returns the same
     * messages when nothing is missing.
     */
    public static List<ModelMessage> repair(List<ModelMessage> messages) {
        List<ModelMessage> out = null;
        for (int i = 0; i < messages.size(); i++) {
            ModelMessage message = messages.get(i);
            List<Part> missing = message.role() == ModelMessage.Role.ASSISTANT ? missing(messages, i) : List.of();
            if (!missing.isEmpty() && out == null) {
                out = new ArrayList<>(messages.subList(0, i));
            }
            if (out != null) {
                out.add(message);
                if (!missing.isEmpty()) {
                    out.add(ModelMessage.user(missing));
                }
            }
        }
        return out == null ? List.copyOf(messages) : List.copyOf(out);
    }

    /** Error results for the tool uses of {@code messages[at]} that the following user messages do not answer. */
    private static List<Part> missing(List<ModelMessage> messages, int at) {
        Set<String> answered = new HashSet<>();
        for (int j = at + 1; j < messages.size() && messages.get(j).role() == ModelMessage.Role.USER; j++) {
            for (Part part : messages.get(j).parts()) {
                if (part instanceof Part.ToolResult result) {
                    answered.add(result.toolUseId());
                }
            }
        }
        List<Part> results = new ArrayList<>();
        for (Part part : messages.get(at).parts()) {
            if (part instanceof Part.ToolUse use && !answered.contains(use.id())) {
                results.add(new Part.ToolResult(use.id(), List.of(new Part.Text(MISSING_RESULT)), true));
            }
        }
        return results;
    }
}
