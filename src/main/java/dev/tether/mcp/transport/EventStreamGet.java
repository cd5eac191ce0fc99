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
            HttpResponse<InputStream> response = headers(client.sendAsync(builder.GET().build(),
                    HttpResponse.BodyHandlers.ofInputStream()));
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

    /** Waits at most the timeout for the stream's status and headers. */
    private HttpResponse<InputStream> headers(CompletableFuture<HttpResponse<InputStream>> pending) throws IOException {
        try {
            return pending.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            pending.cancel(true);
            throw new IOException("the server did not answer the event stream's GET within " + timeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            pending.cancel(true);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while opening the event stream");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(String.valueOf(e.getCause()));
        }
    }
}
