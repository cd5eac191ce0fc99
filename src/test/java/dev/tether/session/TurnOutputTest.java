package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.agent.TurnEvent;
import dev.tether.model.Usage;
import dev.tether.session.api.SessionEvent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A turn's events reach the user as session events, chunks durably and usage live only. */
class TurnOutputTest {
    private final List<SessionEvent> durable = new ArrayList<>();
    private final List<SessionEvent> live = new ArrayList<>();
    private final TurnOutput events = new TurnOutput(durable::add, live::add, 1_000);

    @Test
    void chunksAreRecordedWithTheirMessageIds() {
        events.on(new TurnEvent.ThoughtChunk("t1", "hmm"));
        events.on(new TurnEvent.MessageChunk("m1", "Hello"));
        assertEquals(List.of(new SessionEvent.AgentThought("t1", "hmm"), new SessionEvent.AgentMessage("m1", "Hello")), durable);
        assertEquals(List.of(), live);
    }

    @Test
    void usageIsShownLiveAndCappedAtTheContextWindow() {
        events.on(new TurnEvent.UsageReported(new Usage(300, 20, 100, 0)));
        events.on(new TurnEvent.UsageReported(new Usage(2_000, 5, 0, 0)));
        assertEquals(List.of(new SessionEvent.UsageChanged(420, 1_000), new SessionEvent.UsageChanged(1_000, 1_000)), live);
        assertEquals(List.of(), durable);
    }

    @Test
    void aProviderWithoutUsageShowsNoMeter() {
        events.on(new TurnEvent.UsageReported(Usage.ZERO));
        assertEquals(List.of(), live);
    }
}
