package dev.tether.http.status;

import dev.tether.security.SecretCuts;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The process's status page: a Helidon server on {@code 127.0.0.1} at a free port, showing what
 * {@link StatusSource} reads, live, to whoever opened a link {@link #link()} made. It stops on
 * {@link #close()}, or by itself once {@link Options#idle()} passed with no page open and no
 * request from a viewer; a stopped server answers nothing, and its links and cookies are void.
 * Helidon is loaded when the first server starts, never before.
 *
 * <p>Guards: {@link StatusRoutes} (host, origin, cookie, CSRF token), {@link StatusAccess} (one-time
 * tickets), {@link StatusJson} (every string masked and sanitised), and the headers of
 * {@link StatusHttp} (a strict Content-Security-Policy, no framing, no referrer, no caching).
 */
public final class StatusServer implements AutoCloseable {
    /** Made on first use: slf4j sets itself up then. */
    private static Logger log() {
        return LoggerFactory.getLogger(StatusServer.class);
    }

    /**
     * @param product     what the page names as its source ({@code Tether 0.1.0})
     * @param idle        how long the server stays up with no page open and no viewer's request
     * @param sampleEvery how often an open page's data is read (only while a page is open)
     * @param keepAlive   how often an open page's stream says it is alive when nothing changed
     */
    public record Options(String product, Duration idle, Duration sampleEvery, Duration keepAlive) {
        public static final Duration IDLE = Duration.ofMinutes(30);

        public static Options of(String product) {
            return new Options(product, IDLE, Duration.ofMillis(250), Duration.ofSeconds(15));
        }
    }

    private final Options options;
    private final StatusAccess access;
    private final StatusFeed feed;
    private final AtomicLong lastUsed = new AtomicLong(System.nanoTime());
    private final AtomicInteger streams = new AtomicInteger();
    private volatile boolean running = true;
    private StatusHttp http;
    private URI origin;

    private StatusServer(Options options, StatusSource source, StatusJson json) {
        this.options = options;
        this.access = new StatusAccess(options.idle(), System::nanoTime);
        this.feed = new StatusFeed(() -> StatusHtml.fragment(StatusJson.read(json.clean(snapshot(source))).sessions(), null),
                options.sampleEvery());
    }

    /** Starts a server for {@code source}; its strings are masked with {@code cuts} on the way out. */
    public static StatusServer start(StatusSource source, SecretCuts cuts, Options options) {
        StatusJson json = new StatusJson(cuts);
        StatusServer server = new StatusServer(options, source, json);
        // The routes need the port, known once the server listens: a request before then (none has a link yet) gets a 503.
        AtomicReference<StatusRoutes> routes = new AtomicReference<>();
        server.http = StatusHttp.start(request -> {
            StatusRoutes ready = routes.get();
            return ready != null ? ready.answer(request) : StatusRoutes.starting();
        }, server::stream);
        server.origin = URI.create("http://127.0.0.1:" + server.http.port());
        routes.set(new StatusRoutes(source, server.access, () -> server.snapshot(source), json, server.origin.toString(), server::used));
        Thread.ofVirtual().name("status-idle").start(server::stopWhenIdle);
        log().info("status page listening on {}", server.origin);
        return server;
    }

    /** A new one-time link to the page. */
    public URI link() {
        if (!running) {
            throw new IllegalStateException("the status page has stopped");
        }
        return URI.create(origin + "/?ticket=" + URLEncoder.encode(access.issue(), StandardCharsets.UTF_8));
    }

    /** Whether it still answers (it stops after {@link Options#idle()} without a viewer). */
    public boolean running() {
        return running;
    }

    /** {@code http://127.0.0.1:<port>}. */
    public URI origin() {
        return origin;
    }

    @Override
    public synchronized void close() {
        if (!running) {
            return;
        }
        running = false;
        access.clear();
        feed.stop();
        http.stop();
        log().info("status page stopped");
    }

    private StatusView.Snapshot snapshot(StatusSource source) {
        return new StatusView.Snapshot(options.product(), Instant.now().toString(), source.sessions());
    }

    private void used() {
        lastUsed.set(System.nanoTime());
    }

    /** Sends the page to one viewer as it changes, until the viewer leaves or the server stops. */
    private void stream(StatusHttp.Sink sink) {
        streams.incrementAndGet();
        feed.watch();
        try {
            long seen = 0;
            while (running) {
                StatusFeed.Frame frame = feed.next(seen, options.keepAlive());
                if (frame == null) {
                    if (running) {
                        sink.comment("alive");
                    }
                    continue;
                }
                seen = frame.version();
                sink.event("page", frame.markup());
            }
        } catch (UncheckedIOException e) {
            // The viewer closed the page.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            feed.leave();
            streams.decrementAndGet();
            used();
        }
    }

    private void stopWhenIdle() {
        long idle = options.idle().toNanos();
        while (running) {
            long quiet = System.nanoTime() - lastUsed.get();
            if (streams.get() == 0 && quiet >= idle) {
                log().info("status page: no viewer for {} minutes", options.idle().toMinutes());
                close();
                return;
            }
            try {
                Thread.sleep(Duration.ofNanos(streams.get() > 0 ? idle : Math.max(1_000_000, idle - quiet)));
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
