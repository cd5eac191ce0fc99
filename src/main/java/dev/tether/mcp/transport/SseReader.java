package dev.tether.mcp.transport;

import dev.tether.base.sse.SseParser;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;

/**
 * What a reconnect of one logical MCP event stream needs to remember across its HTTP responses:
 * the last event id and the server's {@code retry:} delay. Each body is parsed by the shared
 * {@link SseParser}, resumed from that memory, with the transport's message limit.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery">MCP resumability</a>
 */
final class SseReader {
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
     * Reads until the end of the body or until {@code sink} returns false. A line, or an event's
     * data, longer than {@code maxBytes} ends the read with {@link SseParser.TooLarge}. What the
     * body said about ids and retry is kept even when it ends that way or breaks.
     */
    void read(InputStream body, int maxBytes, SseParser.Handler<RuntimeException> sink) throws IOException {
        Duration delay = retry;
        SseParser parser = new SseParser(maxBytes, lastEventId == null ? "" : lastEventId, delay == null ? -1 : delay.toMillis());
        try {
            parser.read(body, sink);
        } finally {
            // An empty id resets the stream's id: nothing to resume from.
            lastEventId = parser.lastEventId().isEmpty() ? null : parser.lastEventId();
            if (parser.retryMillis() >= 0) {
                retry = Duration.ofMillis(parser.retryMillis());
            }
        }
    }
}
