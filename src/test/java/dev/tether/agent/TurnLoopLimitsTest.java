package dev.tether.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.model.ModelException;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelStopReason;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.testing.model.QueueModel;
import dev.tether.testing.model.QueueModel.Reply;
import dev.tether.tools.ToolError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A turn ends where the user would expect: at the request limit, at the model's token limit, at a cancel, or at a fatal tool error. */
class TurnLoopLimitsTest {
    private static final ModelMessage PROMPT = ModelMessage.user(List.of(new Part.Text("find it")));
    private static final Part.ToolUse A = QueueModel.use("a", "search", Json.object().put("q", "a"));
    private static final Part.ToolUse B = QueueModel.use("b", "search", Json.object().put("q", "b"));
    private static final Part.ToolUse C = QueueModel.use("c", "search", Json.object().put("q", "c"));

    private final QueueModel model = new QueueModel();
    private final List<ModelMessage> history = new ArrayList<>();

    private StopReason run(FakeTurnTools tools, int maxRequests, Cancellation turn) throws ModelException, ToolError.Fatal {
        TurnLoop loop = new TurnLoop(model, new Conversation(List.of(), history::add), tools, event -> { });
        return loop.run(List.of(PROMPT), new TurnLoop.Settings("queue", "be brief", 1024, ThinkingLevel.OFF, maxRequests), turn);
    }

    private static ModelMessage results(Part... parts) {
        return ModelMessage.user(List.of(parts));
    }

    private static Part.ToolResult error(Part.ToolUse use, String text) {
        return new Part.ToolResult(use.id(), List.of(new Part.Text(text)), true);
    }

    @Test
    void aModelThatKeepsCallingToolsStopsAtTheRequestLimitWithEveryCallAnswered() throws Exception {
        model.then(Reply.tools(A)).then(Reply.tools(B)).then(Reply.tools(C));
        FakeTurnTools tools = FakeTurnTools.answering();

        assertEquals(StopReason.MAX_TURN_REQUESTS, run(tools, 2, Cancellation.root()));
        assertEquals(2, model.requests().size());
        assertEquals(List.of("a", "b"), tools.called());
        assertEquals(List.of(PROMPT, ModelMessage.assistant(List.of(A)), results(FakeTurnTools.ok(A)),
                ModelMessage.assistant(List.of(B)), results(FakeTurnTools.ok(B))), history);
    }

    @Test
    void theModelsTokenLimitEndsTheTurnWithMaxTokens() throws Exception {
        model.then(Reply.text("The answer is").stoppedBy(ModelStopReason.MAX_TOKENS));

        assertEquals(StopReason.MAX_TOKENS, run(FakeTurnTools.answering(), 10, Cancellation.root()));
        assertEquals(List.of(PROMPT, ModelMessage.assistant(List.of(new Part.Text("The answer is")))), history);
    }

    @Test
    void aFullContextWindowAlsoEndsTheTurnWithMaxTokens() throws Exception {
        model.then(Reply.text("…").stoppedBy(ModelStopReason.CONTEXT_WINDOW_EXCEEDED));

        assertEquals(StopReason.MAX_TOKENS, run(FakeTurnTools.answering(), 10, Cancellation.root()));
    }

    @Test
    void aCancelDuringAStepSkipsTheRestOfItAndReturnsCancelled() throws Exception {
        model.then(Reply.tools(A, B)).then(Reply.text("never asked"));
        FakeTurnTools tools = new FakeTurnTools((use, turn) -> {
            turn.cancel(); // the user presses stop while the first call runs
            return new TurnTools.Step.Answered(FakeTurnTools.ok(use));
        });

        assertEquals(StopReason.CANCELLED, run(tools, 10, Cancellation.root()));
        assertEquals(List.of("a"), tools.called());
        assertEquals(1, model.requests().size());
        assertEquals(results(FakeTurnTools.ok(A), error(B, "Not run: the user cancelled the turn.")), history.getLast());
    }

    @Test
    void aCallCancelledInsideTheToolIsAnsweredAndEndsTheTurn() throws Exception {
        model.then(Reply.tools(A, B)).then(Reply.text("never asked"));
        FakeTurnTools tools = new FakeTurnTools((use, turn) -> {
            throw new CancelledException();
        });

        assertEquals(StopReason.CANCELLED, run(tools, 10, Cancellation.root()));
        assertEquals(List.of("a"), tools.called());
        assertEquals(results(error(A, "Cancelled by the user."), error(B, "Not run: the user cancelled the turn.")), history.getLast());
    }

    @Test
    void aCancelledPermissionRequestSkipsTheRestOfTheStepAndReturnsCancelled() throws Exception {
        model.then(Reply.tools(A, B)).then(Reply.text("never asked"));
        FakeTurnTools tools = new FakeTurnTools((use, turn) -> new TurnTools.Step.Cancelled(error(use, "The user cancelled.")));

        assertEquals(StopReason.CANCELLED, run(tools, 10, Cancellation.root()));
        assertEquals(List.of("a"), tools.called());
        assertEquals(results(error(A, "The user cancelled."), error(B, "Not run: the user cancelled the turn.")), history.getLast());
    }

    @Test
    void aTurnCancelledBeforeItStartsAsksTheModelNothing() throws Exception {
        Cancellation turn = Cancellation.root();
        turn.cancel();

        assertEquals(StopReason.CANCELLED, run(FakeTurnTools.answering(), 10, turn));
        assertEquals(List.of(), model.requests());
        assertEquals(List.of(PROMPT), history);
    }

    @Test
    void aToolThatFailsOutsideItsOwnHandlingStillGetsAResultAndTheTurnGoesOn() throws Exception {
        model.then(Reply.tools(A)).then(Reply.text("done"));
        FakeTurnTools tools = new FakeTurnTools((use, turn) -> {
            throw new IllegalStateException("bug");
        });

        assertEquals(StopReason.END_TURN, run(tools, 10, Cancellation.root()));
        assertEquals(List.of(PROMPT, ModelMessage.assistant(List.of(A)), results(error(A, "The tool failed unexpectedly.")),
                ModelMessage.assistant(List.of(new Part.Text("done")))), history);
    }

    @Test
    void aFatalToolErrorAnswersTheRestOfTheStepAndEndsTheTurn() throws Exception {
        model.then(Reply.tools(A, B)).then(Reply.text("never asked"));
        ToolError.Fatal fatal = new ToolError.Fatal("The workspace is gone.");
        FakeTurnTools tools = new FakeTurnTools((use, turn) -> new TurnTools.Step.Fatal(error(use, "The workspace is gone."), fatal));

        assertSame(fatal, assertThrows(ToolError.Fatal.class, () -> run(tools, 10, Cancellation.root())));
        assertEquals(List.of("a"), tools.called());
        assertEquals(1, model.requests().size());
        assertEquals(results(error(A, "The workspace is gone."), error(B, "Not run: an earlier call of this step failed and ended the turn.")),
                history.getLast());
    }
}
