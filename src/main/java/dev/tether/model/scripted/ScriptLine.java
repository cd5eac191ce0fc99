package dev.tether.model.scripted;

import dev.tether.model.ModelStopReason;
import dev.tether.model.Usage;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One parsed line of a script: the answer to one model request. See
 * {@code docs/reference/scripted-model.md}.
 *
 * @param lineNumber 1-based line in the file, for error messages
 * @param pieces the text as streamed (from {@code chunks}, or {@code text} cut into a few pieces)
 * @param stop null means: {@code tool_use} with tool calls, else {@code end_turn}
 * @param usage null when the line gives none
 * @param error null unless the line fails the request
 */
record ScriptLine(
        int lineNumber,
        String thinking,
        List<String> pieces,
        long chunkDelayMs,
        long delayMs,
        List<ToolCall> toolCalls,
        ModelStopReason stop,
        Usage usage,
        Failure error,
        Expectation expect) {

    ScriptLine {
        pieces = List.copyOf(pieces);
        toolCalls = List.copyOf(toolCalls);
    }

    /** @param id null means {@code call_<n>} */
    record ToolCall(String id, String name, JsonNode input) {}

    record Failure(int status, String message) {}
}
