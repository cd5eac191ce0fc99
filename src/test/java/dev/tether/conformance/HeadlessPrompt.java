package dev.tether.conformance;

import dev.tether.base.Cancellation;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * An {@link AuthorizationPrompt} without a user: the conformance suite's authorization server
 * answers the authorization URL at once with a redirect to {@code redirect_uri?code=…&state=…},
 * so this prompt fetches the URL with redirects off and reads the parameters from
 * {@code Location}. Test scope only.
 */
final class HeadlessPrompt implements AuthorizationPrompt {
    private static final URI REDIRECT = URI.create("http://localhost:3000/callback");
    private final HttpClient client = HttpClient.newBuilder()
            .followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(5)).build();

    @Override
    public URI redirectUri() {
        return REDIRECT;
    }

    @Override
    public Map<String, String> authorize(String server, URI authorizationUrl, String state, Cancellation cancellation)
            throws AuthException {
        HttpResponse<Void> response;
        try {
            response = client.send(HttpRequest.newBuilder(authorizationUrl).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            throw new AuthException("the authorization endpoint could not be reached: " + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AuthException("interrupted");
        }
        String location = response.headers().firstValue("Location")
                .orElseThrow(() -> new AuthException("the authorization endpoint answered HTTP " + response.statusCode()
                        + " without a redirect"));
        Map<String, String> params = new HashMap<>();
        String query = URI.create(location).getRawQuery();
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String name = eq < 0 ? pair : pair.substring(0, eq);
                String value = eq < 0 ? "" : pair.substring(eq + 1);
                params.put(URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
            }
        }
        return params;
    }

    @Override
    public void close() {
        client.shutdownNow();
    }
}
