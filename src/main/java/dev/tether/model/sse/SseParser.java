package dev.tether.model.sse;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * Reads a {@code text/event-stream} and hands each complete event to a handler, on the
 * calling thread, until the stream ends. Follows the WHATWG interpretation rules: UTF-8, an
 * optional leading BOM, CR, LF or CRLF line ends, {@code :} comments, a single space after
 * the colon stripped, multi-line data joined with {@code \n}, dispatch on a blank line, and
 * an unterminated event at end of stream discarded.
 *
 * @see <a href="https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream">SSE parsing</a>
 */
public final class SseParser {

    /** Receives events; may throw to stop parsing. */
    @FunctionalInterface
    public interface Handler<X extends Exception> {
        void onEvent(SseEvent event) throws X;
    }

    private static final char BOM = '\uFEFF';

    private final StringBuilder data = new StringBuilder();
    private String eventType = "";
    private boolean hasData;
    private String lastEventId = "";
    private long retryMillis = -1;

    private SseParser() {}

    /** Parses {@code in} to its end. Does not close it. */
    public static <X extends Exception> void parse(InputStream in, Handler<X> handler) throws IOException, X {
        new SseParser().run(new InputStreamReader(in, StandardCharsets.UTF_8), handler);
    }

    private <X extends Exception> void run(Reader reader, Handler<X> handler) throws IOException, X {
        char[] buffer = new char[8192];
        StringBuilder line = new StringBuilder();
        boolean first = true;
        boolean afterCr = false;
        int n;
        while ((n = reader.read(buffer)) != -1) {
            for (int i = 0; i < n; i++) {
                char c = buffer[i];
                if (first) {
                    first = false;
                    if (c == BOM) {
                        continue;
                    }
                }
                if (afterCr) {
                    afterCr = false;
                    if (c == '\n') {
                        continue; // the LF of a CRLF pair
                    }
                }
                if (c == '\r' || c == '\n') {
                    afterCr = c == '\r';
                    processLine(line.toString(), handler);
                    line.setLength(0);
                } else {
                    line.append(c);
                }
            }
        }
        // A trailing line without its end and an event without its blank line are both
        // incomplete; the spec discards them.
    }

    private <X extends Exception> void processLine(String line, Handler<X> handler) throws X {
        if (line.isEmpty()) {
            dispatch(handler);
            return;
        }
        if (line.charAt(0) == ':') {
            return;
        }
        int colon = line.indexOf(':');
        String field = colon < 0 ? line : line.substring(0, colon);
        String value = colon < 0 ? "" : line.substring(colon + 1);
        if (value.startsWith(" ")) {
            value = value.substring(1);
        }
        switch (field) {
            case "event" -> eventType = value;
            case "data" -> {
                data.append(value).append('\n');
                hasData = true;
            }
            case "id" -> {
                if (value.indexOf('\0') < 0) {
                    lastEventId = value;
                }
            }
            case "retry" -> {
                if (!value.isEmpty() && value.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                    try {
                        retryMillis = Long.parseLong(value);
                    } catch (NumberFormatException tooLong) {
                        // ignored like any other invalid retry value
                    }
                }
            }
            default -> { /* unknown fields are ignored */ }
        }
    }

    private <X extends Exception> void dispatch(Handler<X> handler) throws X {
        if (!hasData) {
            eventType = "";
            return;
        }
        data.setLength(data.length() - 1);
        SseEvent event = new SseEvent(eventType.isEmpty() ? "message" : eventType, data.toString(), lastEventId, retryMillis);
        data.setLength(0);
        hasData = false;
        eventType = "";
        handler.onEvent(event);
    }
}
