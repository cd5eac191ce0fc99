package dev.tether.base.sse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SseParserTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("named event", "event: ping\ndata: {}\n\n",
                        List.of(new SseEvent("ping", "{}", "", -1))),
                Arguments.of("default type is message", "data: x\n\n",
                        List.of(new SseEvent("message", "x", "", -1))),
                Arguments.of("multi-line data joined with LF", "data: a\ndata: b\ndata:\n\n",
                        List.of(new SseEvent("message", "a\nb\n", "", -1))),
                Arguments.of("only one leading space stripped", "data:  two\ndata:none\n\n",
                        List.of(new SseEvent("message", " two\nnone", "", -1))),
                Arguments.of("comments ignored", ": keep-alive\ndata: x\n: more\n\n",
                        List.of(new SseEvent("message", "x", "", -1))),
                Arguments.of("CRLF line ends", "event: a\r\ndata: 1\r\n\r\ndata: 2\r\n\r\n",
                        List.of(new SseEvent("a", "1", "", -1), new SseEvent("message", "2", "", -1))),
                Arguments.of("CR line ends", "event: a\rdata: 1\r\rdata: 2\r\r",
                        List.of(new SseEvent("a", "1", "", -1), new SseEvent("message", "2", "", -1))),
                Arguments.of("BOM at start skipped", "\uFEFFdata: x\n\n",
                        List.of(new SseEvent("message", "x", "", -1))),
                Arguments.of("id persists, retry must be digits", "id: 7\nretry: 15\ndata: a\n\nretry: x1\ndata: b\n\n",
                        List.of(new SseEvent("message", "a", "7", 15), new SseEvent("message", "b", "7", 15))),
                Arguments.of("id containing NUL ignored", "id: a\0b\ndata: x\n\n",
                        List.of(new SseEvent("message", "x", "", -1))),
                Arguments.of("event without data is not dispatched and resets type", "event: lonely\n\ndata: x\n\n",
                        List.of(new SseEvent("message", "x", "", -1))),
                Arguments.of("field without colon has empty value", "data\n\n",
                        List.of(new SseEvent("message", "", "", -1))),
                Arguments.of("unknown field ignored", "foo: bar\ndata: x\n\n",
                        List.of(new SseEvent("message", "x", "", -1))),
                Arguments.of("unterminated event at end discarded", "data: a\n\ndata: b\n",
                        List.of(new SseEvent("message", "a", "", -1))),
                Arguments.of("multi-byte UTF-8 kept", "data: żółw 🐢\n\n",
                        List.of(new SseEvent("message", "żółw 🐢", "", -1))),
                Arguments.of("colon in value kept", "data: {\"a\":\"b:c\"}\n\n",
                        List.of(new SseEvent("message", "{\"a\":\"b:c\"}", "", -1))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void parses(String name, String wire, List<SseEvent> expected) throws IOException {
        assertEquals(expected, parse(new ByteArrayInputStream(wire.getBytes(StandardCharsets.UTF_8))));
    }

    @ParameterizedTest(name = "{0} (byte by byte)")
    @MethodSource("cases")
    void parsesWhenBytesArriveOneAtATime(String name, String wire, List<SseEvent> expected) throws IOException {
        byte[] bytes = wire.getBytes(StandardCharsets.UTF_8);
        InputStream trickle = new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(1, len));
            }
        };
        assertEquals(expected, parse(trickle));
    }

    @Test
    void aLinePastTheLimitEndsTheReadAfterAtMostTheLimitWasRead() {
        byte[] endless = ("data: " + "x".repeat(10_000)).getBytes(StandardCharsets.UTF_8);
        int[] served = {0};
        InputStream in = new ByteArrayInputStream(endless) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                int n = super.read(b, off, len);
                served[0] += Math.max(n, 0);
                return n;
            }
        };
        SseParser parser = new SseParser(1024, "", -1);
        SseParser.TooLarge e = assertThrows(SseParser.TooLarge.class, () -> parser.read(in, event -> true));
        assertEquals("a line of the server's stream is longer than 1024 bytes", e.getMessage());
        assertTrue(served[0] <= 1024 + 8192, served[0] + " bytes read");
    }

    @Test
    void anEventWhoseDataLinesAddUpPastTheLimitIsRefused() {
        String wire = ("data: " + "y".repeat(300) + "\n").repeat(4) + "\n";
        SseParser parser = new SseParser(1024, "", -1);
        SseParser.TooLarge e = assertThrows(SseParser.TooLarge.class,
                () -> parser.read(new ByteArrayInputStream(wire.getBytes(StandardCharsets.UTF_8)), event -> true));
        assertEquals("an event of the server's stream is longer than 1024 bytes", e.getMessage());
    }

    @Test
    void aParserResumesFromTheIdAndRetryItWasGiven() throws IOException {
        List<SseEvent> events = new ArrayList<>();
        SseParser parser = new SseParser(SseParser.UNLIMITED, "7", 250);
        parser.read(new ByteArrayInputStream("data: a\n\nid\n\n".getBytes(StandardCharsets.UTF_8)), events::add);
        assertEquals(List.of(new SseEvent("message", "a", "7", 250)), events);
        assertEquals("", parser.lastEventId(), "an empty id resets it");
        assertEquals(250, parser.retryMillis());
    }

    private static List<SseEvent> parse(InputStream in) throws IOException {
        List<SseEvent> events = new ArrayList<>();
        SseParser.parse(in, events::add);
        return events;
    }
}
