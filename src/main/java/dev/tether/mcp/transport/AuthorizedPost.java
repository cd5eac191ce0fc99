package dev.tether.mcp.transport;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * The POST of one message: when the server refuses it (401/403) the {@link HttpAuthorization}
 * may authorise and ask for the same request again; a {@code DPoP-Nonce} the server names is
 * handed to it.
 */
final class AuthorizedPost {
    /**
     * A POST's answer; {@code refusal} says why the authorization gave up when the server refused it, and
     * {@code signIn} whether the user has to sign in again.
     */
    record Answer(HttpResponse<InputStream> response, String refusal, boolean signIn) {}

    private final HttpClient client;
    private final Supplier<HttpRequest.Builder> requests;
    private final HttpAuthorization authorization;

    /** {@code requests} gives a POST request to the server with the headers every request carries, its credentials included. */
    AuthorizedPost(HttpClient client, Supplier<HttpRequest.Builder> requests, HttpAuthorization authorization) {
        this.client = client;
        this.requests = requests;
        this.authorization = authorization;
    }

    /** POSTs {@code text} (a JSON-RPC message), again for as long as the authorization asks. */
    Answer send(String text) throws IOException, InterruptedException {
        return send(text, java.util.Map.of());
    }

    /** As {@link #send(String)}, with {@code extra} headers of this message (the 2026-07-28 mirrors). */
    Answer send(String text, java.util.Map<String, String> extra) throws IOException, InterruptedException {
        for (int attempt = 1; ; attempt++) {
            HttpRequest.Builder builder = requests.get();
            extra.forEach(builder::setHeader);
            HttpRequest request = builder
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(HttpRequest.BodyPublishers.ofString(text, StandardCharsets.UTF_8))
                    .build();
            HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
            int status = response.statusCode();
            String nonce = response.headers().firstValue("DPoP-Nonce").orElse(null);
            if (status != 401 && status != 403) {
                if (nonce != null) {
                    authorization.nonceOffered(nonce);
                }
                return new Answer(response, null, false);
            }
            response.body().close();
            String challenge = response.headers().firstValue("WWW-Authenticate").orElse(null);
            String sent = request.headers().firstValue("Authorization").orElse(null);
            String proof = request.headers().firstValue("DPoP").orElse(null);
            HttpAuthorization.Verdict verdict = authorization.rejected(
                    new HttpAuthorization.Rejection(status, challenge, sent, attempt, proof, nonce));
            if (!verdict.retry()) {
                return new Answer(response, verdict.reason(), verdict.signIn());
            }
        }
    }
}
