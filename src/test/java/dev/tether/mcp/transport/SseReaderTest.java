package dev.tether.mcp.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.mcp.transport.SseReader.Event;
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
        List<Event> events = read(sse, """
                id: p-1
                retry: 500
                data:\u0020

                : a comment
                event: message
                id: p-2
                data: {"a":
                data: 1}

                """);

        assertEquals(List.of(new Event("p-1", null, ""), new Event("p-2", "message", "{\"a\":\n1}")), events);
        assertEquals("p-2", sse.lastEventId());
        assertEquals(Duration.ofMillis(500), sse.retry());
    }

    @Test
    void anEventWithoutDataStillSetsTheLastIdAndAnUnfinishedEventIsDropped() throws IOException {
        SseReader sse = new SseReader();
        List<Event> events = read(sse, "id: only-id\nretry: 250\n\nid: cut\ndata: {\"half\"");

        assertEquals(List.of(), events);
        assertEquals("only-id", sse.lastEventId());
        assertEquals(Duration.ofMillis(250), sse.retry());
    }

    @Test
    void anInvalidRetryIsIgnoredAndTheStateCarriesOverToTheNextBody() throws IOException {
        SseReader sse = new SseReader();
        read(sse, "id: first\nretry: 300\n\n");
        List<Event> events = read(sse, "retry: soon\ndata: x\n\n");

        assertEquals(List.of(new Event("first", null, "x")), events);
        assertEquals(Duration.ofMillis(300), sse.retry());
    }

    @Test
    void readingStopsWhenTheSinkSaysSo() throws IOException {
        SseReader sse = new SseReader();
        List<Event> seen = new ArrayList<>();
        sse.read(stream("id: 1\ndata: a\n\nid: 2\ndata: b\n\n"), 1 << 20, e -> {
            seen.add(e);
            return false;
        });

        assertEquals(List.of(new Event("1", null, "a")), seen);
        assertEquals("1", sse.lastEventId());
        assertNull(new SseReader().retry());
    }

    private static List<Event> read(SseReader sse, String body) throws IOException {
        List<Event> events = new ArrayList<>();
        sse.read(stream(body), 1 << 20, events::add);
        return events;
    }

    private static java.io.InputStream stream(String body) {
        return new java.io.ByteArrayInputStream(body.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
