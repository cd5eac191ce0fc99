package dev.tether.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.testing.Waits;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LoopbackRedirectTest {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final LoopbackRedirect redirect = LoopbackRedirect.open();
    private final AtomicReference<Thread> waiter = new AtomicReference<>();

    @AfterEach
    void close() {
        redirect.close();
    }

    private static HttpResponse<String> get(URI uri, Map<String, String> query) throws IOException, InterruptedException {
        StringBuilder q = new StringBuilder();
        query.forEach((k, v) -> q.append(q.isEmpty() ? "?" : "&").append(k).append('=').append(URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return HTTP.send(HttpRequest.newBuilder(URI.create(uri + q.toString())).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private CompletableFuture<Object> awaitInBackground(Duration timeout, Cancellation cancellation) {
        return CompletableFuture.supplyAsync(() -> {
            waiter.set(Thread.currentThread());
            try {
                return redirect.await(timeout, cancellation);
            } catch (RedirectException | RuntimeException e) {
                return e;
            }
        }, java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
    }

    /** Returns once the background {@link #awaitInBackground} is parked in the wait, so what follows ends a wait in progress. */
    private void awaitParked() {
        Waits.eventually(Duration.ofSeconds(5), () -> waiter.get() != null && waiter.get().getState() == Thread.State.TIMED_WAITING,
                "the background wait to begin");
    }

    @Test
    void listensOnLoopbackAtARandomOneTimePath() {
        URI uri = redirect.uri();
        assertEquals("http", uri.getScheme());
        assertEquals("127.0.0.1", uri.getHost());
        assertTrue(uri.getPath().matches("/callback/[A-Za-z0-9_-]{32}"), uri.getPath());
        assertFalse(uri.getPath().equals(LoopbackRedirect.open().uri().getPath()));
    }

    @Test
    void theRedirectWithTheRightStateCompletesTheWaitAndClosesTheListener() throws Exception {
        redirect.expect("s-123");
        CompletableFuture<Object> waiting = awaitInBackground(Duration.ofSeconds(10), Cancellation.root());
        HttpResponse<String> page = get(redirect.uri(), Map.of("code", "c0de", "state", "s-123", "iss", "https://as.example", "junk", "x"));

        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("You can close this tab and return to your editor"), page.body());
        assertEquals("text/html; charset=utf-8", page.headers().firstValue("content-type").orElseThrow());
        assertEquals("no-referrer", page.headers().firstValue("referrer-policy").orElseThrow());
        assertEquals(new Redirect(Map.of("code", "c0de", "state", "s-123", "iss", "https://as.example")), waiting.get(10, TimeUnit.SECONDS));
        assertThrows(ConnectException.class, () -> get(redirect.uri(), Map.of("code", "again", "state", "s-123")));
    }

    @Test
    void anAuthorizationErrorIsReturnedAndShownEscaped() throws Exception {
        redirect.expect("s");
        CompletableFuture<Object> waiting = awaitInBackground(Duration.ofSeconds(10), Cancellation.root());
        HttpResponse<String> page = get(redirect.uri(), Map.of("error", "access_denied",
                "error_description", "<script>alert('x')</script> & \"more\"", "state", "s"));

        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("Sign-in did not complete"), page.body());
        assertTrue(page.body().contains("access_denied: &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;more&quot;"), page.body());
        assertFalse(page.body().contains("<script>"));
        assertEquals(new Redirect(Map.of("error", "access_denied", "error_description", "<script>alert('x')</script> & \"more\"", "state", "s")),
                waiting.get(10, TimeUnit.SECONDS));
    }

    @Test
    void aWrongStateIs400AndDoesNotCompleteTheWait() throws Exception {
        redirect.expect("right");
        CompletableFuture<Object> waiting = awaitInBackground(Duration.ofSeconds(10), Cancellation.root());

        HttpResponse<String> wrong = get(redirect.uri(), Map.of("code", "c", "state", "<b>wrong</b>"));
        HttpResponse<String> missing = get(redirect.uri(), Map.of("code", "c"));
        assertEquals(400, wrong.statusCode());
        assertFalse(wrong.body().contains("<b>wrong"), wrong.body());
        assertEquals(400, missing.statusCode());
        assertFalse(waiting.isDone());

        assertEquals(200, get(redirect.uri(), Map.of("code", "c", "state", "right")).statusCode());
        assertEquals("c", ((Redirect) waiting.get(10, TimeUnit.SECONDS)).code());
    }

    @Test
    void aRepeatedParameterIs400() throws Exception {
        redirect.expect("s");
        URI twice = URI.create(redirect.uri() + "?code=a&code=b&state=s");
        assertEquals(400, HTTP.send(HttpRequest.newBuilder(twice).build(), HttpResponse.BodyHandlers.ofString()).statusCode());
    }

    @Test
    void aWrongPathIs404AndDoesNotCompleteTheWait() throws Exception {
        redirect.expect("s");
        CompletableFuture<Object> waiting = awaitInBackground(Duration.ofSeconds(10), Cancellation.root());
        URI other = redirect.uri().resolve("/callback/guessed");

        HttpResponse<String> page = get(other, Map.of("code", "guessed", "state", "s"));
        assertEquals(404, page.statusCode());
        assertEquals(404, get(redirect.uri().resolve("/"), Map.of("code", "guessed", "state", "s")).statusCode());
        // The right path afterwards: the wait ends with its code, so the wrong ones before it did not end it.
        assertEquals(200, get(redirect.uri(), Map.of("code", "c", "state", "s")).statusCode());
        assertEquals("c", ((Redirect) waiting.get(10, TimeUnit.SECONDS)).code());
    }

    @Test
    void theWaitTimesOutWithAReadableErrorAndTheListenerStops() {
        redirect.expect("s");
        RedirectException e = assertThrows(RedirectException.class, () -> redirect.await(Duration.ofMillis(200), Cancellation.root()));
        assertEquals("no sign-in came back within 200 ms", e.getMessage());
        assertThrows(ConnectException.class, () -> get(redirect.uri(), Map.of("code", "c", "state", "s")));
    }

    @Test
    void cancellationEndsTheWait() throws Exception {
        redirect.expect("s");
        Cancellation cancellation = Cancellation.root();
        CompletableFuture<Object> waiting = awaitInBackground(Duration.ofSeconds(30), cancellation);
        awaitParked();
        cancellation.cancel();
        assertTrue(waiting.get(5, TimeUnit.SECONDS) instanceof CancelledException);
    }

    @Test
    void closingEndsTheWait() throws Exception {
        redirect.expect("s");
        CompletableFuture<Object> waiting = awaitInBackground(Duration.ofSeconds(30), Cancellation.root());
        awaitParked();
        redirect.close();
        assertEquals("the sign-in was stopped", ((RedirectException) waiting.get(5, TimeUnit.SECONDS)).getMessage());
    }

    @Test
    void durationsReadLikeSentences() {
        assertEquals("5 minutes", LoopbackRedirect.describe(LoopbackRedirect.DEFAULT_TIMEOUT));
        assertEquals("1 minute", LoopbackRedirect.describe(Duration.ofMinutes(1)));
        assertEquals("90 seconds", LoopbackRedirect.describe(Duration.ofSeconds(90)));
    }
}
