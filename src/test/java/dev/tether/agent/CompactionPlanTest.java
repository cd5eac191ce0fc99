package dev.tether.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * What a compaction keeps verbatim: the latest prompt and the latest assistant message with its
 * results; everything before that assistant message is summarised. A history with no earlier
 * answer has nothing to compact.
 */
class CompactionPlanTest {
    private static final ModelMessage ASK = user("Fix the build");
    private static final ModelMessage CALL_1 = ModelMessage.assistant(List.of(new Part.ToolUse("t1", "read_file", Json.object())));
    private static final ModelMessage RESULT_1 = ModelMessage.user(List.of(new Part.ToolResult("t1", List.of(new Part.Text("one")), false)));
    private static final ModelMessage CALL_2 = ModelMessage.assistant(List.of(new Part.ToolUse("t2", "read_file", Json.object())));
    private static final ModelMessage RESULT_2 = ModelMessage.user(List.of(new Part.ToolResult("t2", List.of(new Part.Text("two")), false)));

    @Test
    void midTurnTheStepInFlightStaysWithThePrompt() {
        assertEquals(Optional.of(new CompactionPlan(List.of(ASK, CALL_1, RESULT_1), List.of(ASK, CALL_2, RESULT_2))),
                CompactionPlan.of(List.of(ASK, CALL_1, RESULT_1, CALL_2, RESULT_2)));
    }

    @Test
    void betweenTurnsTheLastExchangeStays() {
        ModelMessage answer = ModelMessage.assistant(List.of(new Part.Text("Fixed.")));
        ModelMessage next = user("Thanks; now the tests");
        ModelMessage done = ModelMessage.assistant(List.of(new Part.Text("Green.")));
        assertEquals(Optional.of(new CompactionPlan(List.of(ASK, answer, next), List.of(next, done))),
                CompactionPlan.of(List.of(ASK, answer, next, done)));
        assertEquals(Optional.of(new CompactionPlan(List.of(ASK, answer), List.of(next))),
                CompactionPlan.of(List.of(ASK, answer, next)), "at the start of a turn the new prompt stays");
    }

    @Test
    void nothingToCompactWithoutAnEarlierAnswer() {
        assertEquals(Optional.empty(), CompactionPlan.of(List.of(ASK)));
        assertEquals(Optional.empty(), CompactionPlan.of(List.of(ASK, CALL_1, RESULT_1)));
        assertEquals(Optional.empty(), CompactionPlan.of(List.of()));
    }

    private static ModelMessage user(String text) {
        return ModelMessage.user(List.of(new Part.Text(text)));
    }
}
