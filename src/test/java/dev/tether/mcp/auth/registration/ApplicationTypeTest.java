package dev.tether.mcp.auth.registration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.mcp.auth.AuthFixture;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.transport.HttpAuthorization;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** A dynamic registration says what kind of client registers: native for a redirect to the user's machine, web for a site. */
class ApplicationTypeTest {

    @Test
    void theTypeFollowsTheRedirect() {
        assertEquals("native", ApplicationType.of("http://127.0.0.1:49152/callback/abc"));
        assertEquals("native", ApplicationType.of("http://[::1]:49152/callback"));
        assertEquals("native", ApplicationType.of("http://localhost:8080/cb"));
        assertEquals("native", ApplicationType.of("dev.tether.app:/oauth/callback"));
        assertEquals("web", ApplicationType.of("https://tether.example.com/oauth/callback"));
        assertEquals("web", ApplicationType.of("http://tether.example.com/oauth/callback"));
    }

    @Test
    void aLoopbackSignInRegistersANativeClientAndASiteRedirectAWebOne() throws Exception {
        for (var redirect : Map.of("http://127.0.0.1:5555/callback", "native", "https://app.example.com/cb", "web").entrySet()) {
            try (AuthFixture f = new AuthFixture()) {
                AuthFixture.RecordingPrompt loopback = f.new RecordingPrompt();
                OAuthSettings settings = OAuthSettings.of(f.store, name -> new AuthorizationPrompt() {
                    @Override
                    public URI redirectUri() {
                        return URI.create(redirect.getKey());
                    }

                    @Override
                    public Map<String, String> authorize(String server, URI url, String state, dev.tether.base.Cancellation c) {
                        return loopback.authorize(server, url, state, c);
                    }

                    @Override
                    public void close() {}
                });
                HttpAuthorization auth = f.authorization(settings);
                assertEquals(true, auth.rejected(AuthFixture.unauthorized(null)).retry());
                JsonNode registration = Json.parse(f.server.to("/register").getFirst().form().get("json"));
                assertEquals(redirect.getValue(), registration.path("application_type").asString());
                assertEquals(redirect.getKey(), registration.path("redirect_uris").path(0).asString());
            }
        }
    }
}
