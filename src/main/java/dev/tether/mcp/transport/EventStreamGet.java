package dev.tether.mcp.transport;

import dev.tether.mcp.api.McpError;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The GET that opens a legacy SSE server's event stream: the server's headers and credentials,
 * at most {@code timeout} until the status and headers arrive (none on the body, which is meant to
 * last), and a 401/403 handed to the {@link HttpAuthorization} for as long as it asks to retry.
 */
final class EventStreamGet {
    private final HttpClient client;
    private final Map<String, String> headers;
    private final HttpAuthorization authorization;
    private final Duration timeout;

    EventStreamGet(HttpClient client, Map<String, String> headers, HttpAuthorization authorization, Duration timeout) {
        this.client = client;
        this.headers = headers;
        this.authorization = authorization;
        this.timeout = timeout;
    }

    /** GETs the event stream, authorising and asking again for as long as the authorization says. */
    HttpResponse<InputStream> open(URI uri) throws IOException {
        for (int attempt = 1; ; attempt++) {
            // No request timeout: on a streamed body it would also end the stream itself after that time.
            HttpRequest.Builder builder = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream");
            headers.forEach(builder::header);
            Map<String, String> credentials = authorization.headers("GET", uri);
            credentials.forEach(builder::setHeader);
            HttpResponse<InputStream> response = headers(builder.GET().build());
            int status = response.statusCode();
            if (status == 200) {
                return response;
            }
            response.body().close();
            if (status != 401 && status != 403) {
                throw new IOException("the server answered HTTP " + status + " to the event stream's GET");
            }
            HttpAuthorization.Verdict verdict = authorization.rejected(new HttpAuthorization.Rejection(status,
                    response.headers().firstValue("WWW-Authenticate").orElse(null), credentials.get("Authorization"), attempt,
                    credentials.get("DPoP"), response.headers().firstValue("DPoP-Nonce").orElse(null)));
            if (!verdict.retry()) {
                throw new McpError.Unreachable(verdict.reason());
            }
        }
    }

    /**
     * Waits at most the timeout for the stream's status and headers. The blocking {@code send} runs
     * on a thread of its own: the JDK completes {@code sendAsync}'s future on the common fork-join
     * pool, so a refused connection went unreported for as long as that pool was busy (20 s in a
     * session on a two-core machine, against 0.6 s from {@code tether mcp list --check}).
     */
    private HttpResponse<InputStream> headers(HttpRequest request) throws IOException {
        CompletableFuture<HttpResponse<InputStream>> pending = new CompletableFuture<>();
        Thread sender = Thread.ofVirtual().name("mcp-sse-get").start(() -> {
            try {
                pending.complete(client.send(request, HttpResponse.BodyHandlers.ofInputStream()));
            } catch (Throwable e) {
                pending.completeExceptionally(e);
            }
        });
        try {
            return pending.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            abandon(sender, pending);
            throw new IOException("the server did not answer the event stream's GET within " + timeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            abandon(sender, pending);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while opening the event stream");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(String.valueOf(e.getCause()));
        }
    }

    /** Stops a GET nobody waits for any more (an interrupt cancels the JDK's send); a stream that opens anyway is closed. */
    private static void abandon(Thread sender, CompletableFuture<HttpResponse<InputStream>> pending) {
        sender.interrupt();
        pending.thenAccept(late -> {
            try {
                late.body().close();
            } catch (IOException ignored) {
                // nothing to keep open
            }
        });
    }
}
