package dev.tether.mcp.auth;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.ledger.MemoryTokenStore;
import dev.tether.mcp.transport.HttpAuthorization;
import java.net.URI;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.node.ObjectNode;

/** A mock MCP resource + authorization server on one loopback origin, a recording prompt, and the authorization under test. */
public final class AuthFixture implements AutoCloseable {
    public final MockAuthServer server = new MockAuthServer();
    public final String base = server.url();
    public final MemoryTokenStore store = new MemoryTokenStore();
    public final List<URI> authorizationUrls = new ArrayList<>();
    public final Map<String, String> extraRedirectParams = new HashMap<>();
    final AtomicInteger tokens = new AtomicInteger();
    public ObjectNode metadata;

    public AuthFixture() {
        metadata = Json.object();
        metadata.put("issuer", base);
        metadata.put("authorization_endpoint", base + "/authorize");
        metadata.put("token_endpoint", base + "/token");
        metadata.put("registration_endpoint", base + "/register");
        metadata.putArray("code_challenge_methods_supported").add("S256");
        metadata.putArray("token_endpoint_auth_methods_supported").add("none");
        server.on("GET /.well-known/oauth-protected-resource/mcp", r -> MockAuthServer.Reply.json(Map.of(
                        "resource", base + "/mcp", "authorization_servers", List.of(base))))
                .on("GET /.well-known/oauth-authorization-server", r -> MockAuthServer.Reply.json(metadata))
                .on("POST /register", r -> new MockAuthServer.Reply(201, Map.of("Content-Type", "application/json"),
                        "{\"client_id\":\"registered-client\"}"))
                .on("POST /token", r -> MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-" + tokens.incrementAndGet(),
                        "token_type", "Bearer", "expires_in", 3600, "refresh_token", "rt-SECRET-" + tokens.get())));
    }

    public OAuthSettings settings() {
        return OAuthSettings.of(store, name -> new RecordingPrompt());
    }

    public HttpAuthorization authorization(OAuthSettings settings) throws AuthException {
        return OAuthAuthorization.forServer(new McpServerSpec.Http("srv", base + "/mcp", Map.of()), settings);
    }

    public static HttpAuthorization.Rejection unauthorized(String challenge) {
        return new HttpAuthorization.Rejection(401, challenge, null, 1);
    }

    /** Answers at once with code and the state of the URL it was shown, as a browser redirect would. */
    public final class RecordingPrompt implements AuthorizationPrompt {
        @Override
        public URI redirectUri() {
            return URI.create("http://127.0.0.1:5555/callback");
        }

        @Override
        public Map<String, String> authorize(String server, URI url, String state, Cancellation cancellation) {
            authorizationUrls.add(url);
            Map<String, String> answer = new HashMap<>(Map.of("code", "code-1",
                    "state", MockAuthServer.decode(url.getRawQuery()).get("state")));
            answer.putAll(extraRedirectParams);
            return answer;
        }

        @Override
        public void close() {}
    }

    @Override
    public void close() {
        server.close();
    }
}
