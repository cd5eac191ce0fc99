package dev.tether.mcp.transport;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * Reads {@code text/event-stream} bodies and remembers what a reconnect needs: the last event
 * id and the server's {@code retry:} delay. One reader follows one logical stream across its
 * reconnections, so both survive the end of a single HTTP response.
 *
 * @see <a href="https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation">SSE interpretation</a>
 */
final class SseReader {
    record Event(String id, String event, String data) {}

    private volatile String lastEventId;
    private volatile Duration retry;

    /** The id of the last event dispatched (also one without data, such as a priming event), or null. */
    String lastEventId() {
        return lastEventId;
    }

    /** The last valid {@code retry:} the server sent, or null. */
    Duration retry() {
        return retry;
    }

    /**
     * Thrown when one line or one event's data is longer than the message limit: the stream is
     * given up (the caller fails the request it carried) instead of held in memory.
     */
    static final class TooLarge extends IOException {
        TooLarge(String message) {
            super(message);
        }
    }

    /**
     * Reads until the end of the body or until {@code sink} returns false. Events without data
     * are not handed on but still move {@link #lastEventId()}, as the SSE spec says. A line, or an
     * event's data, longer than {@code maxBytes} ends the read with {@link TooLarge} after at most
     * {@code maxBytes + 1} bytes of it were read.
     */
    void read(InputStream body, int maxBytes, Predicate<Event> sink) throws IOException {
        Lines lines = new Lines(body, maxBytes);
        StringBuilder data = new StringBuilder();
        long dataBytes = 0;
        boolean hasData = false;
        String id = lastEventId;
        String event = null;
        String line;
        while ((line = lines.next()) != null) {
            if (line.isEmpty()) {
                lastEventId = id;
                boolean more = !hasData || sink.test(new Event(id, event, data.toString()));
                data.setLength(0);
                dataBytes = 0;
                hasData = false;
                event = null;
                if (!more) {
                    return;
                }
                continue;
            }
            if (line.startsWith(":")) {
                continue;
            }
            int colon = line.indexOf(':');
            String field = colon < 0 ? line : line.substring(0, colon);
            String value = colon < 0 ? "" : line.substring(colon + 1);
            if (value.startsWith(" ")) {
                value = value.substring(1);
            }
            switch (field) {
                case "data" -> {
                    dataBytes += lines.lastBytes() + 1;
                    if (dataBytes > maxBytes) {
                        throw new TooLarge("an event of the server's stream is longer than " + maxBytes + " bytes");
                    }
                    data.append(hasData ? "\n" : "").append(value);
                    hasData = true;
                }
                // An id with NUL is ignored (SSE spec); an empty id resets it.
                case "id" -> id = value.indexOf('\0') >= 0 ? id : value.isEmpty() ? null : value;
                case "event" -> event = value;
                case "retry" -> {
                    if (!value.isEmpty() && value.length() < 10 && value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                        retry = Duration.ofMillis(Long.parseLong(value));
                    }
                }
                default -> { }
            }
        }
        // A body cut off mid-event: the event is incomplete and is not dispatched (SSE spec).
    }

    /**
     * The lines of an SSE body (ended by CRLF, LF or CR), decoded as UTF-8, each at most
     * {@code maxBytes} long: the bytes of a line are counted as they arrive, so an endless line
     * costs at most the limit in memory.
     */
    private static final class Lines {
        private final InputStream in;
        private final int maxBytes;
        private final byte[] buffer = new byte[8192];
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private int position;
        private int length;
        private boolean afterCr;
        private int lastBytes;

        Lines(InputStream in, int maxBytes) {
            this.in = in;
            this.maxBytes = maxBytes;
        }

        /** The byte length of the line last returned. */
        int lastBytes() {
            return lastBytes;
        }

        /** The next line without its end, or null at the end of the body (a last line without an end is dropped). */
        String next() throws IOException {
            line.reset();
            while (true) {
                if (position == length) {
                    length = in.read(buffer);
                    position = 0;
                    if (length <= 0) {
                        length = 0;
                        return null;
                    }
                }
                int start = position;
                while (position < length) {
                    byte b = buffer[position];
                    if (afterCr) {
                        afterCr = false;
                        if (b == '\n' && position == start) {
                            position++;
                            start = position;
                            continue;
                        }
                    }
                    if (b == '\n' || b == '\r') {
                        line.write(buffer, start, position - start);
                        afterCr = b == '\r';
                        position++;
                        return done();
                    }
                    position++;
                }
                line.write(buffer, start, position - start);
                if (line.size() > maxBytes) {
                    throw new TooLarge("a line of the server's stream is longer than " + maxBytes + " bytes");
                }
            }
        }

        private String done() throws TooLarge {
            if (line.size() > maxBytes) {
                throw new TooLarge("a line of the server's stream is longer than " + maxBytes + " bytes");
            }
            lastBytes = line.size();
            return line.toString(StandardCharsets.UTF_8);
        }
    }
}
