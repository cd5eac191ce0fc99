package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.agent.StopReason;
import dev.tether.agent.TurnEvent;
import dev.tether.model.Usage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A turn's events reach the editor as the session updates ACP defines, chunks durably and usage live only. */
class TurnEventsTest {
    private final List<SessionUpdate> durable = new ArrayList<>();
    private final List<SessionUpdate> live = new ArrayList<>();
    private final TurnEvents events = new TurnEvents(durable::add, live::add, 1_000);

    @Test
    void chunksAreRecordedWithTheirMessageIds() {
        events.on(new TurnEvent.ThoughtChunk("t1", "hmm"));
        events.on(new TurnEvent.MessageChunk("m1", "Hello"));
        assertEquals(List.of(new SessionUpdate.AgentThoughtChunk(new ContentBlock.Text("hmm"), "t1"),
                new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("Hello"), "m1")), durable);
        assertEquals(List.of(), live);
    }

    @Test
    void usageIsShownLiveAndCappedAtTheContextWindow() {
        events.on(new TurnEvent.UsageReported(new Usage(300, 20, 100, 0)));
        events.on(new TurnEvent.UsageReported(new Usage(2_000, 5, 0, 0)));
        assertEquals(List.of(new SessionUpdate.UsageUpdate(420, 1_000), new SessionUpdate.UsageUpdate(1_000, 1_000)), live);
        assertEquals(List.of(), durable);
    }

    @Test
    void aProviderWithoutUsageShowsNoMeter() {
        events.on(new TurnEvent.UsageReported(Usage.ZERO));
        assertEquals(List.of(), live);
    }

    @Test
    void stopReasonsHaveTheirAcpNames() {
        assertEquals(List.of("end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"),
                List.of(StopReason.values()).stream().map(TurnEvents::stopReason).toList());
    }
}
