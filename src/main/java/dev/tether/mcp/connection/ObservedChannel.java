package dev.tether.mcp.connection;

import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.transport.HttpTransport.SessionLostException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Decorates a transport to tell its connection how it ended (the cause is what recovery keys on).
 *
 * <p>An answer with error {@code -32001} is how servers say they no longer know the session (the
 * streamable HTTP transport says it with a 404 instead, see {@code HttpTransport}). Over either
 * transport nothing sent in that session can succeed any more, so the answer is delivered to its
 * request as it came and the channel then ends as if the transport had lost the session.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#session-management">MCP session management</a>
 */
final class ObservedChannel implements MessageChannel {
    /** JSON-RPC error code of "session not found" (implementation-defined server range). */
    static final int SESSION_NOT_FOUND = -32001;
    static final String SESSION_GONE = "the server no longer knows this session (error -32001)";

    private final MessageChannel delegate;
    private final Consumer<Throwable> ended;
    private final AtomicReference<SessionLostException> sessionGone = new AtomicReference<>();
    private final AtomicReference<Throwable> forced = new AtomicReference<>();
    private volatile boolean failed;
    private volatile Throwable endedBy;
    private volatile boolean sessionExpired;
    private volatile long lastReceived = System.nanoTime();
    private volatile boolean heard;

    ObservedChannel(MessageChannel delegate, Consumer<Throwable> ended) {
        this.delegate = delegate;
        this.ended = ended;
    }

    /** Whether the transport ended with an error we did not cause (process died, connection refused, session lost). */
    boolean failed() {
        return failed;
    }

    /** Why the transport ended (its words for the user, for a network transport), or null while it runs or when it was closed. */
    Throwable endedBy() {
        return endedBy;
    }

    /** Whether it ended because the server no longer knows the session (HTTP 404 or -32001). */
    boolean sessionExpired() {
        return sessionExpired;
    }

    /** Whether the server has sent anything at all on this channel. */
    boolean heardAnything() {
        return heard;
    }

    /** {@link System#nanoTime()} when the server last sent anything. */
    long lastReceived() {
        return lastReceived;
    }

    MessageChannel delegate() {
        return delegate;
    }

    /**
     * Ends the transport as failed with {@code cause} (a health check went unanswered): the
     * connection hears of it as of any terminal error and recovers.
     */
    void fail(Throwable cause) {
        if (forced.compareAndSet(null, cause)) {
            Thread.ofVirtual().name("mcp-health-close").start(delegate::close);
        }
    }

    @Override
    public void start(Listener listener) {
        delegate.start(new Listener() {
            @Override
            public void onMessage(JsonNode message) {
                lastReceived = System.nanoTime();
                heard = true;
                boolean gone = isSessionNotFound(message)
                        && sessionGone.compareAndSet(null, new SessionLostException(SESSION_GONE));
                listener.onMessage(message);
                if (gone) {
                    // Not on this reader thread: closing a stdio transport waits for its process to exit.
                    Thread.ofVirtual().name("mcp-session-gone").start(delegate::close);
                }
            }

            @Override
            public void onMalformed(String reason) {
                listener.onMalformed(reason);
            }

            @Override
            public void onClosed(Throwable cause) {
                Throwable why = cause != null ? cause : sessionGone.get() != null ? sessionGone.get() : forced.get();
                sessionExpired = why instanceof SessionLostException;
                endedBy = why;
                failed = why != null; // before the pending requests hear of it
                listener.onClosed(why);
                ended.accept(why);
            }
        });
    }

    /** An answer (no method, an id) whose error code is {@link #SESSION_NOT_FOUND}. */
    private static boolean isSessionNotFound(JsonNode message) {
        return !message.has("method") && message.has("id")
                && message.path("error").path("code").asInt(0) == SESSION_NOT_FOUND;
    }

    @Override
    public void send(JsonNode message) {
        delegate.send(message);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
