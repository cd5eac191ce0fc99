package dev.tether.mcp.auth.prompt;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The user's browser coming back from the authorization server: a real GET to the loopback listener. */
final class Browser {
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Browser() {}

    static int returnTo(URI redirectUri, String query) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(redirectUri + "?" + query)).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
