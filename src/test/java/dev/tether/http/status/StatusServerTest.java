package dev.tether.http.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.security.SecretCuts;
import dev.tether.testing.Waits;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The status page's server on a real loopback port: its headers, its live stream, and its idle stop. */
class StatusServerTest {
    private static final Duration WAIT = Duration.ofSeconds(20);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final AtomicReference<String> title = new AtomicReference<>("first title");

    private final StatusSource source = new StatusSource() {
        @Override
        public List<StatusView.Session> sessions() {
            return List.of(new StatusView.Session("s1", title.get(), "/work", "ask", "scripted", null, List.of(), List.of(), List.of(),
                    null, List.of()));
        }

        @Override
        public boolean reconnect(String sessionId, String server) {
            return false;
        }
    };

    /** Opens the link as a browser would (no redirects followed); returns the cookie it set. */
    private String signIn(StatusServer server) throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(server.link()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(303, answer.statusCode());
        String cookie = answer.headers().firstValue("Set-Cookie").orElseThrow();
        return cookie.substring(0, cookie.indexOf(';'));
    }

    @Test
    void listensOnLoopbackWithAStrictPolicyAndPushesChangesLive() throws Exception {
        try (StatusServer server = StatusServer.start(source, SecretCuts.none(),
                new StatusServer.Options("Tether test", Duration.ofMinutes(30), Duration.ofMillis(20), Duration.ofSeconds(15)))) {
            assertEquals("127.0.0.1", server.origin().getHost());
            String cookie = signIn(server);
            HttpResponse<String> page = http.send(HttpRequest.newBuilder(server.origin().resolve("/")).header("Cookie", cookie).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode());
            assertTrue(page.body().contains("first title"));
            String csp = page.headers().firstValue("Content-Security-Policy").orElseThrow();
            assertEquals(StatusHttp.CONTENT_SECURITY_POLICY, csp);
            assertFalse(csp.contains("unsafe"), csp);
            assertEquals("DENY", page.headers().firstValue("X-Frame-Options").orElseThrow());
            assertEquals("no-store", page.headers().firstValue("Cache-Control").orElseThrow());

            HttpResponse<InputStream> events = http.send(HttpRequest.newBuilder(server.origin().resolve("/events"))
                    .header("Cookie", cookie).header("Accept", "text/event-stream").build(), HttpResponse.BodyHandlers.ofInputStream());
            assertEquals(200, events.statusCode());
            assertTrue(events.headers().firstValue("Content-Type").orElseThrow().startsWith("text/event-stream"));
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(events.body(), StandardCharsets.UTF_8))) {
                assertTrue(readUntil(lines, "first title"), "the first frame holds the page as it is");
                title.set("second <title>\nover two lines");
                List<String> event = nextEventWith(lines, "second &lt;title&gt;");
                assertTrue(event.stream().allMatch(line -> line.startsWith("data:") || line.startsWith("event:")), event.toString());
                String data = String.join("\n", event.stream().filter(line -> line.startsWith("data:"))
                        .map(line -> line.substring(line.startsWith("data: ") ? 6 : 5)).toList());
                assertTrue(data.contains("second &lt;title&gt;\nover two lines"), "a change is pushed, escaped, its lines whole: " + data);
            }
        }
    }

    @Test
    void stopsByItselfWithoutAViewerAndItsLinksDieWithIt() throws Exception {
        StatusServer server = StatusServer.start(source, SecretCuts.none(),
                new StatusServer.Options("Tether test", Duration.ofMillis(300), Duration.ofMillis(20), Duration.ofSeconds(15)));
        try {
            URI origin = server.origin();
            Waits.eventually(WAIT, () -> !server.running(), "the idle server stopped");
            Waits.eventually(WAIT, () -> refused(origin), "its port no longer answers");
        } finally {
            server.close();
        }
    }

    private boolean refused(URI origin) {
        try {
            http.send(HttpRequest.newBuilder(origin.resolve("/")).timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
            return false;
        } catch (java.io.IOException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** The lines of the next event one of whose data lines holds {@code text}; empty at the stream's end. */
    private static List<String> nextEventWith(BufferedReader lines, String text) throws java.io.IOException {
        List<String> event = new java.util.ArrayList<>();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (!line.isEmpty()) {
                event.add(line);
                continue;
            }
            if (event.stream().anyMatch(l -> l.startsWith("data:") && l.contains(text))) {
                return event;
            }
            event.clear();
        }
        return List.of();
    }

    /** Reads the stream until a data line holds {@code text}; false at its end. */
    private static boolean readUntil(BufferedReader lines, String text) throws java.io.IOException {
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.startsWith("data:") && line.contains(text)) {
                return true;
            }
        }
        return false;
    }
}
