package dev.tether.agent;

import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which messages a compaction summarises and which it keeps verbatim. Kept: the user's latest
 * prompt, and after it the latest assistant message with the results of its tool calls (the
 * step in flight, or the answer of the last exchange). Everything before that assistant
 * message is summarised — the prompt included, so the summary can say what was done for it.
 * The kept part starts with a user message without tool results and carries every tool use
 * with its result, so the compacted history pairs for every provider.
 *
 * @param summarised the messages the summary request reads
 * @param kept       the messages that follow the summary in the compacted history
 */
record CompactionPlan(List<ModelMessage> summarised, List<ModelMessage> kept) {

    /** The plan for {@code history} (repaired), or empty when nothing would be summarised. */
    static Optional<CompactionPlan> of(List<ModelMessage> history) {
        int prompt = -1;
        for (int i = history.size() - 1; i >= 0 && prompt < 0; i--) {
            if (isPrompt(history.get(i))) {
                prompt = i;
            }
        }
        if (prompt < 0) {
            return Optional.empty();
        }
        int answer = -1;
        for (int i = history.size() - 1; i > prompt && answer < 0; i--) {
            if (history.get(i).role() == ModelMessage.Role.ASSISTANT) {
                answer = i;
            }
        }
        List<ModelMessage> summarised;
        List<ModelMessage> kept = new ArrayList<>();
        if (answer < 0) {
            summarised = history.subList(0, prompt);
            history.subList(prompt, history.size()).stream().map(CompactionPlan::withoutResults)
                    .filter(m -> !m.parts().isEmpty()).forEach(kept::add);
        } else {
            summarised = history.subList(0, answer);
            kept.add(withoutResults(history.get(prompt)));
            kept.addAll(history.subList(answer, history.size()));
        }
        boolean anythingToSummarise = summarised.stream().anyMatch(m -> m.role() == ModelMessage.Role.ASSISTANT);
        return anythingToSummarise ? Optional.of(new CompactionPlan(List.copyOf(summarised), List.copyOf(kept))) : Optional.empty();
    }

    /** A user message that says something (not only tool results). */
    private static boolean isPrompt(ModelMessage message) {
        return message.role() == ModelMessage.Role.USER && message.parts().stream().anyMatch(p -> !(p instanceof Part.ToolResult));
    }

    /** The message without tool results, whose calls are summarised away. */
    private static ModelMessage withoutResults(ModelMessage message) {
        return new ModelMessage(message.role(), message.parts().stream().filter(p -> !(p instanceof Part.ToolResult)).toList());
    }
}
