package dev.tether.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelStopReason;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.testing.model.QueueModel;
import dev.tether.testing.model.QueueModel.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The loop reports what the model says as it streams: thoughts, text and usage, one id per response. */
class TurnLoopEventsTest {

    @Test
    void eachResponseStreamsItsChunksUnderItsOwnIdsThenItsUsage() throws Exception {
        Part.ToolUse use = QueueModel.use("a", "search", Json.object());
        QueueModel model = new QueueModel()
                .then(new Reply("The user wants a search.", "Let me look.", List.of(use), ModelStopReason.TOOL_USE, Duration.ZERO))
                .then(Reply.text("Found it."));
        List<TurnEvent> events = new ArrayList<>();
        TurnLoop loop = new TurnLoop(model, new Conversation(List.of(), m -> { }), FakeTurnTools.answering(), events::add);

        StopReason stop = loop.run(List.of(ModelMessage.user(List.of(new Part.Text("find it")))),
                new TurnLoop.Settings("queue", "be brief", 1024, ThinkingLevel.OFF, 10), Cancellation.root());

        assertEquals(StopReason.END_TURN, stop);
        String thought = ((TurnEvent.ThoughtChunk) events.get(0)).thoughtId();
        String first = ((TurnEvent.MessageChunk) events.get(1)).messageId();
        String last = ((TurnEvent.MessageChunk) events.get(3)).messageId();
        assertEquals(List.of(
                new TurnEvent.ThoughtChunk(thought, "The user wants a search."),
                new TurnEvent.MessageChunk(first, "Let me look."),
                new TurnEvent.UsageReported(QueueModel.USAGE),
                new TurnEvent.MessageChunk(last, "Found it."),
                new TurnEvent.UsageReported(QueueModel.USAGE)), events);
        assertNotEquals(first, last);
        assertNotEquals(first, thought);
    }
}
