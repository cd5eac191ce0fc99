package dev.tether.http;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A one-time OAuth redirect endpoint for a native client: an HTTP listener on
 * {@code 127.0.0.1} (a free port) answering a single path: a random one, or the path of a redirect
 * URI registered earlier. It completes once, with the
 * first GET on that path whose {@code state} is the expected one, then stops. A GET elsewhere is
 * 404 and one with a missing or different {@code state} is 400; neither completes the wait. The
 * browser gets a short human page; nothing from the request is echoed unescaped.
 *
 * <p>Use: {@link #open()}, register {@link #uri()} as the {@code redirect_uri}, {@link #expect}
 * the state, send the user to the authorization URL, then {@link #await}. Closed after the
 * redirect, on timeout, on cancellation or by {@link #close()}, whichever comes first.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc8252#section-7.3">RFC 8252 §7.3, loopback redirection</a>
 */
public final class LoopbackRedirect implements AutoCloseable {
    /** How long a sign-in may take in the browser before the wait gives up. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);

    private static final SecureRandom RANDOM = new SecureRandom();

    private final String path;
    private final CompletableFuture<Redirect> result = new CompletableFuture<>();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile String expectedState;
    private HelidonEndpoint endpoint;
    private URI uri;

    private LoopbackRedirect(String path) {
        this.path = path;
    }

    /** Starts listening on 127.0.0.1 at a free port, on a new random path. */
    public static LoopbackRedirect open() {
        return open(null);
    }

    /**
     * Starts listening on 127.0.0.1 at a free port on {@code path} — the path of a redirect URI
     * registered earlier, which an authorization server may match exactly (only the loopback
     * port may vary, RFC 8252 §7.3) — or on a new random path when it is null or not a plain path.
     */
    public static LoopbackRedirect open(String path) {
        boolean plain = path != null && path.matches("/[A-Za-z0-9._~/-]{1,200}") && !path.contains("..");
        LoopbackRedirect redirect = new LoopbackRedirect(plain ? path : "/callback/" + token());
        redirect.endpoint = HelidonEndpoint.start(redirect);
        redirect.uri = URI.create("http://127.0.0.1:" + redirect.endpoint.port() + redirect.path);
        return redirect;
    }

    /** {@code http://127.0.0.1:<port>/callback/<random>}. */
    public URI uri() {
        return uri;
    }

    /** The {@code state} the redirect must carry. Set it before the user can reach the authorization server. */
    public void expect(String state) {
        if (state == null || state.isEmpty()) {
            throw new IllegalArgumentException("an OAuth state is required");
        }
        expectedState = state;
    }

    /**
     * Waits for the redirect, then closes the listener.
     *
     * @throws RedirectException nothing arrived within {@code timeout}, or the listener was closed
     * @throws CancelledException {@code cancellation} fired first
     */
    public Redirect await(Duration timeout, Cancellation cancellation) throws RedirectException {
        try (Cancellation.Registration ignored = cancellation.onCancel(() -> result.completeExceptionally(new CancelledException()))) {
            return result.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            throw new RedirectException("no sign-in came back within " + describe(timeout));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof CancelledException cancelled) {
                throw cancelled;
            }
            throw new RedirectException(e.getCause().getMessage());
        } finally {
            close();
        }
    }

    /** Stops listening; a pending {@link #await} fails. Idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            result.completeExceptionally(new RedirectException("the sign-in was stopped"));
            if (endpoint != null) {
                endpoint.stop();
            }
        }
    }

    /** What to send for one request, and what to do once it is sent. */
    record Answer(int status, String page, Runnable afterSend) {}

    Answer answer(boolean get, String requestPath, Map<String, List<String>> query) {
        if (!get || !path.equals(requestPath) || result.isDone()) {
            return new Answer(404, RedirectPage.notFound(), () -> {});
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (String name : Redirect.NAMES) {
            List<String> values = query.get(name);
            if (values == null || values.isEmpty()) {
                continue;
            }
            // RFC 6749 §3.1: response parameters must not be repeated; a repeated one cannot be trusted.
            if (values.size() > 1) {
                return new Answer(400, RedirectPage.wrongState(), () -> {});
            }
            params.put(name, values.getFirst());
        }
        String expected = expectedState;
        if (expected == null || !constantTimeEquals(expected, params.get("state"))) {
            return new Answer(400, RedirectPage.wrongState(), () -> {});
        }
        Redirect redirect = new Redirect(params);
        String page = redirect.error() != null
                ? RedirectPage.refused(redirect.error(), params.get("error_description"))
                : RedirectPage.signedIn();
        return new Answer(200, page, () -> result.complete(redirect));
    }

    private static boolean constantTimeEquals(String expected, String actual) {
        return actual != null && java.security.MessageDigest.isEqual(
                expected.getBytes(java.nio.charset.StandardCharsets.UTF_8), actual.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    private static String token() {
        byte[] bytes = new byte[24];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String describe(Duration timeout) {
        long seconds = timeout.toSeconds();
        if (seconds == 0) {
            return timeout.toMillis() + " ms";
        }
        return seconds % 60 == 0 && seconds > 0 ? seconds / 60 + (seconds == 60 ? " minute" : " minutes") : seconds + " seconds";
    }
}
