package dev.tether.mcp.transport;

import dev.tether.base.sse.SseParser;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SSE streams of one {@link HttpTransport}: a POST's answer stream and the standalone GET
 * stream. A stream that ends early is reopened with GET and {@code Last-Event-ID} after the
 * server's {@code retry:} delay, a bounded number of times.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#resumability-and-redelivery">MCP resumability</a>
 */
final class SseStreams {
    // The transport's logger: a reader of the log finds a stream's lines next to its requests'.
    private static final Logger LOG = LoggerFactory.getLogger(HttpTransport.class);
    /** Reopenings of an SSE stream that ended early: per POST answer, and in a row without a message for the GET stream. */
    static final int MAX_RESUME_ATTEMPTS = 3;
    /** Delay before reopening a stream whose server sent no {@code retry:}. */
    static final Duration DEFAULT_RETRY = Duration.ofSeconds(1);
    /** The longest {@code retry:} honoured; a longer one would stall the request behind it. */
    static final Duration MAX_RETRY = Duration.ofSeconds(10);

    /**
     * What the streams need from their transport: where event data goes, whether a request (by its
     * id as JSON text) still waits for its answer, how many messages were delivered from any
     * stream, and whether the transport is closed.
     */
    record Inbox(Consumer<String> deliver, Predicate<String> awaiting, LongSupplier delivered, BooleanSupplier closed) {}

    /** Why a POST's answer stream ended without its answer; {@code status} is the refused resumption's HTTP status, else 0. */
    record Unanswered(String reason, int status) {}

    private final String server;
    private final HttpClient client;
    private final Supplier<HttpRequest.Builder> requests;
    private final Inbox inbox;
    private final int maxMessageBytes;
    private final CountDownLatch closing = new CountDownLatch(1);

    /**
     * {@code requests} gives a request to the server with the headers every request carries; an
     * event longer than {@code maxMessageBytes} ends its stream.
     */
    SseStreams(String server, HttpClient client, Supplier<HttpRequest.Builder> requests, Inbox inbox, int maxMessageBytes) {
        this.server = server;
        this.maxMessageBytes = maxMessageBytes;
        this.client = client;
        this.requests = requests;
        this.inbox = inbox;
    }

    /** Ends every wait before a reopening. */
    void close() {
        closing.countDown();
    }

    /**
     * Reads a POST's SSE answer. When it ends before the answer to request {@code key} arrived,
     * the server may still send it: resume the stream with GET and {@code Last-Event-ID} after
     * the server's {@code retry:} delay, a bounded number of times. Empty when the answer arrived
     * (or nobody waits for it any more).
     */
    Optional<Unanswered> answer(InputStream stream, String key) throws InterruptedException {
        SseReader sse = new SseReader();
        try (InputStream body = stream) {
            readEvents(body, sse, key);
        } catch (SseParser.TooLarge e) {
            // Not resumed: the server would only send the same event again.
            LOG.warn("mcp {}: {}", server, tooLarge(e));
            return key == null ? Optional.empty() : Optional.of(new Unanswered(tooLarge(e), 0));
        } catch (IOException e) {
            LOG.debug("mcp {}: response stream broke: {}", server, e.toString());
        }
        for (int attempt = 1; key != null && inbox.awaiting().test(key) && !inbox.closed().getAsBoolean(); attempt++) {
            if (sse.lastEventId() == null) {
                return Optional.of(new Unanswered("the server closed the response stream before answering and sent no"
                        + " event id to resume it from", 0));
            }
            if (attempt > MAX_RESUME_ATTEMPTS) {
                return Optional.of(new Unanswered("the server closed the response stream " + attempt
                        + " times before answering; gave up resuming it", 0));
            }
            if (closing.await(retryDelay(sse).toNanos(), TimeUnit.NANOSECONDS) || !inbox.awaiting().test(key)) {
                return Optional.empty();
            }
            LOG.debug("mcp {}: resuming the response stream after event {}", server, sse.lastEventId());
            try {
                HttpResponse<InputStream> response = client.send(resumeRequest(sse), HttpResponse.BodyHandlers.ofInputStream());
                if (response.statusCode() != 200) {
                    response.body().close();
                    return Optional.of(new Unanswered("the server closed the response stream before answering and did"
                            + " not resume it (GET with Last-Event-ID answered HTTP " + response.statusCode() + ")",
                            response.statusCode()));
                }
                try (InputStream body = response.body()) {
                    readEvents(body, sse, key);
                }
            } catch (SseParser.TooLarge e) {
                return Optional.of(new Unanswered(tooLarge(e), 0));
            } catch (IOException e) {
                LOG.debug("mcp {}: resuming the response stream failed: {}", server, e.toString());
            }
        }
        return Optional.empty();
    }

    /**
     * The standalone GET stream: server requests and notifications outside any POST. Reopened
     * with {@code Last-Event-ID} after the server's delay when it ends, until
     * {@link #MAX_RESUME_ATTEMPTS} openings in a row brought no message; 405 means the server
     * offers none.
     */
    void listen() {
        SseReader sse = new SseReader();
        int fruitless = 0;
        while (!inbox.closed().getAsBoolean()) {
            long before = inbox.delivered().getAsLong();
            try {
                HttpResponse<InputStream> response = client.send(resumeRequest(sse), HttpResponse.BodyHandlers.ofInputStream());
                if (response.statusCode() != 200) {
                    response.body().close();
                    LOG.debug("mcp {}: no standalone GET stream (HTTP {})", server, response.statusCode());
                    return;
                }
                try (InputStream body = response.body()) {
                    readEvents(body, sse, null);
                }
            } catch (SseParser.TooLarge e) {
                LOG.warn("mcp {}: {}", server, tooLarge(e));
            } catch (IOException e) {
                LOG.debug("mcp {}: GET stream ended: {}", server, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException | Error e) {
                // Whatever broke this thread, the stream ends with a line in the log, not a silent dead thread.
                LOG.warn("mcp {}: GET stream failed: {}", server, e.toString());
                return;
            }
            fruitless = inbox.delivered().getAsLong() == before ? fruitless + 1 : 0;
            try {
                if (fruitless >= MAX_RESUME_ATTEMPTS || closing.await(retryDelay(sse).toNanos(), TimeUnit.NANOSECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private HttpRequest resumeRequest(SseReader sse) {
        HttpRequest.Builder builder = requests.get().header("Accept", "text/event-stream");
        if (sse.lastEventId() != null) {
            builder.header("Last-Event-ID", sse.lastEventId());
        }
        return builder.GET().build();
    }

    /** The server's {@code retry:} (at most {@link #MAX_RETRY}), else {@link #DEFAULT_RETRY}. */
    static Duration retryDelay(SseReader sse) {
        Duration retry = sse.retry();
        if (retry == null) {
            return DEFAULT_RETRY;
        }
        return retry.compareTo(MAX_RETRY) > 0 ? MAX_RETRY : retry;
    }

    private String tooLarge(SseParser.TooLarge e) {
        return OversizeLines.tooLarge(maxMessageBytes) + " (" + e.getMessage() + ")";
    }

    /** Reads one SSE body to its end or, when {@code key} is set, until that request has its answer. */
    private void readEvents(InputStream body, SseReader sse, String key) throws IOException {
        sse.read(body, maxMessageBytes, event -> {
            // An untyped event is a "message" event (SSE): that is where MCP puts its messages.
            if ("message".equals(event.type())) {
                inbox.deliver().accept(event.data());
            }
            return key == null || inbox.awaiting().test(key);
        });
    }
}
