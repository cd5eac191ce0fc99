package dev.tether.base.sse;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads {@code text/event-stream} bodies and hands each complete event to a handler, on the
 * calling thread. Follows the WHATWG interpretation rules: UTF-8, an optional leading BOM, CR,
 * LF or CRLF line ends, {@code :} comments, a single space after the colon stripped, multi-line
 * data joined with {@code \n}, dispatch on a blank line (an event without data is not handed on
 * but still commits its id), an id containing NUL ignored, and an unterminated event at the end
 * of a body discarded. A {@code retry} of ten digits or more is ignored like any invalid one: no
 * server means a delay of weeks, and it cannot overflow.
 *
 * <p>One parser may follow one logical stream across several bodies (a resumed MCP stream): the
 * last event id and the retry delay carry over from one {@link #read} to the next. With a byte
 * limit, a line or an event's data longer than it ends the read with {@link TooLarge} after at
 * most {@code maxBytes + 1} bytes of it were read, instead of holding it in memory.
 *
 * @see <a href="https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream">SSE parsing</a>
 */
public final class SseParser {
    /** No limit on a line or an event (model providers, whose streams we asked for ourselves). */
    public static final int UNLIMITED = Integer.MAX_VALUE;

    /** Receives events; returns false to stop reading, or throws. */
    @FunctionalInterface
    public interface Handler<X extends Exception> {
        boolean onEvent(SseEvent event) throws X;
    }

    /** A line or an event's data was longer than the parser's limit; the stream is given up. */
    public static final class TooLarge extends IOException {
        TooLarge(String message) {
            super(message);
        }
    }

    private final int maxBytes;
    private volatile String lastEventId;
    private volatile long retryMillis;

    /**
     * @param maxBytes    the longest line, and the most data bytes of one event, or {@link #UNLIMITED}
     * @param lastEventId the id to resume from ({@code ""} for none)
     * @param retryMillis the delay the stream asked for so far, or -1
     */
    public SseParser(int maxBytes, String lastEventId, long retryMillis) {
        this.maxBytes = maxBytes;
        this.lastEventId = lastEventId;
        this.retryMillis = retryMillis;
    }

    /** Parses one whole body without limits. Does not close it. */
    public static <X extends Exception> void parse(InputStream in, Handler<X> handler) throws IOException, X {
        new SseParser(UNLIMITED, "", -1).read(in, handler);
    }

    /** The id committed by the last dispatch (also one without data), {@code ""} when none. */
    public String lastEventId() {
        return lastEventId;
    }

    /** The last valid {@code retry} seen, in milliseconds, or -1. */
    public long retryMillis() {
        return retryMillis;
    }

    /** Reads {@code body} to its end or until the handler returns false. Does not close it. */
    public <X extends Exception> void read(InputStream body, Handler<X> handler) throws IOException, X {
        SseLines lines = new SseLines(body, maxBytes);
        StringBuilder data = new StringBuilder();
        long dataBytes = 0;
        boolean hasData = false;
        String id = lastEventId;
        String type = "";
        String line;
        while ((line = lines.next()) != null) {
            if (line.isEmpty()) {
                lastEventId = id;
                boolean more = !hasData || handler.onEvent(new SseEvent(type.isEmpty() ? "message" : type, data.toString(), id, retryMillis));
                data.setLength(0);
                dataBytes = 0;
                hasData = false;
                type = "";
                if (!more) {
                    return;
                }
                continue;
            }
            if (line.charAt(0) == ':') {
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
                case "id" -> id = value.indexOf('\0') >= 0 ? id : value;
                case "event" -> type = value;
                case "retry" -> {
                    if (!value.isEmpty() && value.length() < 10 && value.chars().allMatch(c -> c >= '0' && c <= '9')) {
                        retryMillis = Long.parseLong(value);
                    }
                }
                default -> { /* unknown fields are ignored */ }
            }
        }
        // A body cut off mid-event: the event is incomplete and is not dispatched.
    }
}
