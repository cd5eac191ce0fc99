package dev.tether.mcp.transport;

import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The SSE answer streams of an {@link HttpTransport}'s 2026-07-28 requests still being read, by
 * request id as JSON text. Such a request is cancelled over HTTP by closing its answer stream (for
 * a {@code subscriptions/listen}, the only way to end it); the request is then no longer awaited,
 * so the stream is not resumed.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http">MCP streamable HTTP</a>
 */
final class AnswerStreams {
    // The transport's logger: a reader of the log finds a stream's lines next to its requests'.
    private static final Logger LOG = LoggerFactory.getLogger(HttpTransport.class);

    private final String server;
    private final Set<String> awaiting;
    private final Map<String, InputStream> open = new ConcurrentHashMap<>();

    /** {@code awaiting}: the transport's requests whose answer has not been delivered yet. */
    AnswerStreams(String server, Set<String> awaiting) {
        this.server = server;
        this.awaiting = awaiting;
    }

    /** The answer to request {@code key} is being read from {@code stream}. */
    void reading(String key, InputStream stream) {
        open.put(key, stream);
    }

    /** Reading the answer to {@code key} is over. */
    void done(String key) {
        open.remove(key);
    }

    /**
     * Cancels request {@code requestId} (the id a {@code notifications/cancelled} names): when its answer
     * stream is being read, it is no longer awaited and the stream is closed.
     */
    void cancel(JsonNode requestId) {
        if (requestId == null) {
            return;
        }
        String key = Json.write(requestId);
        InputStream stream = open.remove(key);
        if (stream != null) {
            awaiting.remove(key);
            try {
                stream.close();
            } catch (IOException e) {
                LOG.debug("mcp {}: closing a cancelled request's stream: {}", server, e.toString());
            }
        }
    }
}
