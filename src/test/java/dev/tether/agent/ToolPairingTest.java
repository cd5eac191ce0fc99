package dev.tether.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every tool use is answered before the history goes to a model, wherever the gap is. */
class ToolPairingTest {
    private static final Part.ToolUse A = new Part.ToolUse("a", "search", Json.object());
    private static final Part.ToolUse B = new Part.ToolUse("b", "read_file", Json.object());

    private static Part.ToolResult missing(String id) {
        return new Part.ToolResult(id, List.of(new Part.Text(ToolPairing.MISSING_RESULT)), true);
    }

    @Test
    void aCompleteHistoryIsUnchanged() {
        List<ModelMessage> history = List.of(ModelMessage.user(List.of(new Part.Text("go"))), ModelMessage.assistant(List.of(A)),
                ModelMessage.user(List.of(new Part.ToolResult("a", List.of(new Part.Text("ok")), false))));
        assertEquals(history, ToolPairing.repair(history));
    }

    @Test
    void aGapInTheMiddleIsAnsweredRightAfterItsToolUse() {
        Part.ToolResult answered = new Part.ToolResult("a", List.of(new Part.Text("ok")), false);
        List<ModelMessage> history = List.of(
                ModelMessage.assistant(List.of(new Part.Text("two calls"), A, B)),
                ModelMessage.user(List.of(answered)),
                ModelMessage.user(List.of(new Part.Text("next prompt"))),
                ModelMessage.assistant(List.of(new Part.Text("fine"))));
        assertEquals(List.of(
                ModelMessage.assistant(List.of(new Part.Text("two calls"), A, B)),
                ModelMessage.user(List.of(missing("b"))),
                ModelMessage.user(List.of(answered)),
                ModelMessage.user(List.of(new Part.Text("next prompt"))),
                ModelMessage.assistant(List.of(new Part.Text("fine")))), ToolPairing.repair(history));
    }

    @Test
    void aToolUseAtTheEndIsAnswered() {
        List<ModelMessage> history = List.of(ModelMessage.user(List.of(new Part.Text("go"))), ModelMessage.assistant(List.of(A)));
        assertEquals(List.of(history.get(0), history.get(1), ModelMessage.user(List.of(missing("a")))), ToolPairing.repair(history));
    }

    @Test
    void theRequestMergesTheRepairIntoOneUserMessageWithResultsFirst() {
        Conversation conversation = new Conversation(List.of(ModelMessage.assistant(List.of(A)),
                ModelMessage.user(List.of(new Part.Text("hello again")))), m -> { });
        assertEquals(List.of(ModelMessage.assistant(List.of(A)),
                ModelMessage.user(List.of(missing("a"), new Part.Text("hello again")))), conversation.forRequest());
    }
}
