package dev.tether.mcp.transport;

import java.io.BufferedReader;
import java.io.IOException;
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
     * Reads until the end of the body or until {@code sink} returns false. Events without data
     * are not handed on but still move {@link #lastEventId()}, as the SSE spec says.
     */
    void read(BufferedReader reader, Predicate<Event> sink) throws IOException {
        StringBuilder data = new StringBuilder();
        boolean hasData = false;
        String id = lastEventId;
        String event = null;
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.isEmpty()) {
                lastEventId = id;
                boolean more = !hasData || sink.test(new Event(id, event, data.toString()));
                data.setLength(0);
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
}
