package dev.tether.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.base.sse.SseEvent;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The SSE fields a resumption depends on: event ids (also of events without data) and {@code retry:}. */
class SseReaderTest {

    @Test
    void eventsCarryTheirIdAndThePrimingEventMovesTheLastIdWithoutBeingHandedOn() throws IOException {
        SseReader sse = new SseReader();
        List<SseEvent> events = read(sse, """
                id: p-1
                retry: 500
                data:\u0020

                : a comment
                event: message
                id: p-2
                data: {"a":
                data: 1}

                """);

        assertEquals(List.of(new SseEvent("message", "", "p-1", 500), new SseEvent("message", "{\"a\":\n1}", "p-2", 500)), events);
        assertEquals("p-2", sse.lastEventId());
        assertEquals(Duration.ofMillis(500), sse.retry());
    }

    @Test
    void anEventWithoutDataStillSetsTheLastIdAndAnUnfinishedEventIsDropped() throws IOException {
        SseReader sse = new SseReader();
        List<SseEvent> events = read(sse, "id: only-id\nretry: 250\n\nid: cut\ndata: {\"half\"");

        assertEquals(List.of(), events);
        assertEquals("only-id", sse.lastEventId());
        assertEquals(Duration.ofMillis(250), sse.retry());
    }

    @Test
    void anInvalidRetryIsIgnoredAndTheStateCarriesOverToTheNextBody() throws IOException {
        SseReader sse = new SseReader();
        read(sse, "id: first\nretry: 300\n\n");
        List<SseEvent> events = read(sse, "retry: soon\ndata: x\n\n");

        assertEquals(List.of(new SseEvent("message", "x", "first", 300)), events);
        assertEquals(Duration.ofMillis(300), sse.retry());
    }

    @Test
    void readingStopsWhenTheSinkSaysSo() throws IOException {
        SseReader sse = new SseReader();
        List<SseEvent> seen = new ArrayList<>();
        sse.read(stream("id: 1\ndata: a\n\nid: 2\ndata: b\n\n"), 1 << 20, e -> {
            seen.add(e);
            return false;
        });

        assertEquals(List.of(new SseEvent("message", "a", "1", -1)), seen);
        assertEquals("1", sse.lastEventId());
        assertNull(new SseReader().retry());
    }

    private static List<SseEvent> read(SseReader sse, String body) throws IOException {
        List<SseEvent> events = new ArrayList<>();
        sse.read(stream(body), 1 << 20, events::add);
        return events;
    }

    private static java.io.InputStream stream(String body) {
        return new java.io.ByteArrayInputStream(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
