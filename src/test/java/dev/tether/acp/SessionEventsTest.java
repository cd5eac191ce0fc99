package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.acp.schema.ContentBlock;
import dev.tether.acp.schema.SessionUpdate;
import dev.tether.agent.StopReason;
import dev.tether.json.Json;
import dev.tether.session.api.SessionEvent;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A session's events are sent as the session updates ACP defines; stop reasons have their ACP names. */
class SessionEventsTest {

    @Test
    void chunksKeepTheirMessageIds() {
        assertEquals(List.of(new SessionUpdate.AgentThoughtChunk(new ContentBlock.Text("hmm"), "t1"),
                        new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("Hello"), "m1")),
                List.of(SessionEvents.toAcp(new SessionEvent.AgentThought("t1", "hmm")),
                        SessionEvents.toAcp(new SessionEvent.AgentMessage("m1", "Hello"))));
    }

    @Test
    void usageIsAUsageUpdate() {
        assertEquals(new SessionUpdate.UsageUpdate(420, 1_000), SessionEvents.toAcp(new SessionEvent.UsageChanged(420, 1_000)));
    }

    @Test
    void promptContentSurvivesTheRoundTrip() {
        List<ContentBlock> blocks = List.of(new ContentBlock.Text("hi"), new ContentBlock.Image("AAAA", "image/png", "file:///a.png"),
                new ContentBlock.Audio("BBBB", "audio/wav"),
                new ContentBlock.ResourceLink("file:///b", "b", "B", "the b", "text/plain", 3L),
                new ContentBlock.Resource(new ContentBlock.EmbeddedResource("file:///c", "text/plain", "c", null)),
                new ContentBlock.Resource(null));
        assertEquals(blocks, blocks.stream().map(SessionEvents::fromAcp).map(SessionEvents::toAcp).toList());
    }

    @Test
    void stopReasonsHaveTheirAcpNames() {
        assertEquals(List.of("end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"),
                List.of(StopReason.values()).stream().map(r -> Json.tree(SessionEvents.toAcp(r)).asString()).toList());
    }
}
