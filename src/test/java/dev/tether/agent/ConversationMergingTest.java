package dev.tether.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A request's history alternates roles and answers every tool use, however the session's own
 * history came out (a cancelled turn, a crash, a restored transcript); the durable record keeps
 * the messages as they were added.
 */
class ConversationMergingTest {
    private static final Part.ToolUse A = new Part.ToolUse("a", "search", Json.object());
    private static final Part.ToolUse B = new Part.ToolUse("b", "read_file", Json.object());
    private static final Part.ToolResult RESULT_A = new Part.ToolResult("a", List.of(new Part.Text("found")), false);
    private static final Part.ToolResult RESULT_B = new Part.ToolResult("b", List.of(new Part.Text("read")), false);

    private static Part text(String text) {
        return new Part.Text(text);
    }

    private static Part.ToolResult missing(String id) {
        return new Part.ToolResult(id, List.of(new Part.Text(ToolPairing.MISSING_RESULT)), true);
    }

    @Test
    void anAlternatingHistoryGoesOutAsItIs() {
        List<ModelMessage> history = List.of(ModelMessage.user(List.of(text("go"))), ModelMessage.assistant(List.of(A)),
                ModelMessage.user(List.of(RESULT_A)), ModelMessage.assistant(List.of(text("done"))));
        assertEquals(history, new Conversation(history, m -> { }).forRequest());
    }

    @Test
    void consecutiveUserMessagesBecomeOneInOrder() {
        Conversation conversation = new Conversation(List.of(ModelMessage.user(List.of(text("first")))), m -> { });
        conversation.add(ModelMessage.user(List.of(text("second"), text("third"))));
        assertEquals(List.of(ModelMessage.user(List.of(text("first"), text("second"), text("third")))), conversation.forRequest());
    }

    @Test
    void consecutiveAssistantMessagesBecomeOneInOrder() {
        // A cancelled answer keeps its partial text; the next answer may follow it directly after a restore.
        Conversation conversation = new Conversation(List.of(ModelMessage.user(List.of(text("go"))),
                ModelMessage.assistant(List.of(text("partial"))), ModelMessage.assistant(List.of(text("again"), A))), m -> { });
        assertEquals(List.of(ModelMessage.user(List.of(text("go"))), ModelMessage.assistant(List.of(text("partial"), text("again"), A)),
                ModelMessage.user(List.of(missing("a")))), conversation.forRequest());
    }

    @Test
    void toolResultsComeFirstWhenUserMessagesMerge() {
        Conversation conversation = new Conversation(List.of(ModelMessage.assistant(List.of(A, B)),
                ModelMessage.user(List.of(RESULT_A)), ModelMessage.user(List.of(text("and then?"))),
                ModelMessage.user(List.of(RESULT_B))), m -> { });
        assertEquals(List.of(ModelMessage.assistant(List.of(A, B)), ModelMessage.user(List.of(RESULT_A, RESULT_B, text("and then?")))),
                conversation.forRequest());
    }

    @Test
    void aToolUseLeftWithoutResultIsAnsweredAndMergedWithTheNextPrompt() {
        Conversation conversation = new Conversation(List.of(ModelMessage.user(List.of(text("go"))),
                ModelMessage.assistant(List.of(text("two calls"), A, B)), ModelMessage.user(List.of(RESULT_A))), m -> { });
        conversation.add(ModelMessage.user(List.of(text("next prompt"))));
        assertEquals(List.of(ModelMessage.user(List.of(text("go"))), ModelMessage.assistant(List.of(text("two calls"), A, B)),
                        ModelMessage.user(List.of(missing("b"), RESULT_A, text("next prompt")))), conversation.forRequest());
    }

    @Test
    void theDurableRecordKeepsEachAddedMessageUnmergedAndTheHistoryIsNotChangedByARequest() {
        List<ModelMessage> durable = new ArrayList<>();
        ModelMessage restored = ModelMessage.user(List.of(text("from the transcript")));
        Conversation conversation = new Conversation(List.of(restored), durable::add);
        ModelMessage first = ModelMessage.user(List.of(text("one")));
        ModelMessage second = ModelMessage.user(List.of(text("two")));
        conversation.add(first);
        conversation.add(second);

        List<ModelMessage> request = conversation.forRequest();

        assertEquals(List.of(first, second), durable);
        assertEquals(3, conversation.size());
        assertEquals(request, conversation.forRequest());
    }
}
