package dev.tether.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.mcp.api.ServerReport;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.api.ServerStatus.State;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerJournalTest {
    private static final Instant T0 = Instant.parse("2026-12-04T10:00:00Z");
    private long revision;

    private McpRuntimeEvent.StateChanged state(State state, String reason) {
        return new McpRuntimeEvent.StateChanged(++revision, "srv", 1, new ServerStatus("srv", state, reason, 0, null, 1, 0));
    }

    @Test
    void keepsEachChangeOnceAndOnlyTheLastOnes() {
        ServerJournal journal = new ServerJournal(Clock.fixed(T0, ZoneOffset.UTC));
        journal.record(state(State.CONNECTING, null));
        journal.record(state(State.READY, null));
        journal.record(state(State.READY, null));
        journal.record(state(State.RECOVERING, "the process exited"));
        assertEquals(List.of(State.CONNECTING, State.READY, State.RECOVERING),
                journal.history("srv").stream().map(ServerReport.Change::state).toList());
        assertEquals("the process exited", journal.history("srv").getLast().reason());
        assertEquals(List.of(), journal.history("other"));

        for (int i = 0; i < ServerJournal.KEPT * 2; i++) {
            journal.record(state(i % 2 == 0 ? State.READY : State.RECOVERING, null));
        }
        assertEquals(ServerJournal.KEPT, journal.history("srv").size());
    }

    @Test
    void notesWhenTheToolCatalogChanged() {
        Instant[] now = {T0};
        ServerJournal journal = new ServerJournal(new Clock() {
            @Override
            public ZoneOffset getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now[0];
            }
        });
        assertNull(journal.catalogChanged("srv"));
        journal.record(new McpRuntimeEvent.ToolsChanged(1, "srv", 1, 1, List.of("a")));
        now[0] = T0.plusSeconds(60);
        journal.record(new McpRuntimeEvent.ToolsChanged(2, "srv", 1, 1, List.of("a")));
        assertEquals(T0, journal.catalogChanged("srv"), "the same revision again is no change");
        journal.record(new McpRuntimeEvent.ToolsChanged(3, "srv", 1, 2, List.of("a", "b")));
        assertEquals(T0.plusSeconds(60), journal.catalogChanged("srv"));
    }
}
