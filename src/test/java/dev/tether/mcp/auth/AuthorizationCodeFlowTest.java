package dev.tether.mcp.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.ledger.MemoryTokenStore;
import dev.tether.mcp.transport.HttpAuthorization;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class AuthorizationCodeFlowTest {

    @Test
    void registersAndAuthorisesWithPkceStateAndResource() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            HttpAuthorization auth = f.authorization(f.settings());
            assertEquals(null, auth.header());
            HttpAuthorization.Verdict verdict = auth.rejected(AuthFixture.unauthorized(
                    "Bearer resource_metadata=\"" + f.base + "/.well-known/oauth-protected-resource/mcp\""));
            assertTrue(verdict.retry(), verdict.reason());
            assertEquals("Bearer at-SECRET-1", auth.header());

            JsonNode registration = Json.parse(f.server.to("/register").getFirst().form().get("json"));
            assertEquals("native", registration.path("application_type").asString());
            assertEquals(Json.parse("[\"authorization_code\",\"refresh_token\"]"), registration.path("grant_types"));
            assertEquals("none", registration.path("token_endpoint_auth_method").asString());

            Map<String, String> query = MockAuthServer.decode(f.authorizationUrls.getFirst().getRawQuery());
            Map<String, String> token = f.server.to("/token").getFirst().form();
            assertEquals("S256", query.get("code_challenge_method"));
            assertEquals(query.get("code_challenge"), s256(token.get("code_verifier")));
            assertEquals(f.base + "/mcp", query.get("resource"));
            assertEquals(query.get("resource"), token.get("resource"));
            assertEquals("registered-client", token.get("client_id"));
            assertEquals("authorization_code", token.get("grant_type"));
            assertFalse(query.containsKey("scope"), "no scope anywhere: none requested");
        }
    }

    @Test
    void refusesAServerWithoutS256() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.remove("code_challenge_methods_supported");
            HttpAuthorization.Verdict verdict = f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null));
            assertFalse(verdict.retry());
            assertTrue(verdict.reason().contains("PKCE"), verdict.reason());
            assertTrue(f.authorizationUrls.isEmpty());
        }
    }

    @Test
    void refusesAnAnswerFromAnotherIssuer() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.extraRedirectParams.put("iss", "https://evil.example");
            HttpAuthorization.Verdict verdict = f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null));
            assertFalse(verdict.retry());
            assertTrue(verdict.reason().contains("issuer https://evil.example"), verdict.reason());
            assertTrue(f.server.to("/token").isEmpty());
        }
    }

    @Test
    void stepUpUsesTheChallengedScopeAndStopsAfterThreeAuthorizations() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            HttpAuthorization auth = f.authorization(f.settings());
            String challenge = "Bearer error=\"insufficient_scope\", scope=\"files:write\"";
            for (int attempt = 1; attempt <= OAuthAuthorization.MAX_AUTHORIZATIONS; attempt++) {
                int status = attempt == 1 ? 401 : 403;
                assertTrue(auth.rejected(new HttpAuthorization.Rejection(status, challenge, auth.header(), attempt)).retry());
            }
            HttpAuthorization.Verdict last = auth.rejected(new HttpAuthorization.Rejection(403, challenge, auth.header(), 4));
            assertFalse(last.retry());
            assertEquals(3, f.authorizationUrls.size());
            assertEquals("files:write", MockAuthServer.decode(f.authorizationUrls.getLast().getRawQuery()).get("scope"));
            assertFalse(last.reason().contains("SECRET"), last.reason());
        }
    }

    @Test
    void aStepUpKeepsTheScopeGrantedBeforeBesideTheChallengedOne() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            HttpAuthorization auth = f.authorization(f.settings());
            assertTrue(auth.rejected(new HttpAuthorization.Rejection(401, "Bearer scope=\"files:read\"", null, 1)).retry());
            assertTrue(auth.rejected(new HttpAuthorization.Rejection(403,
                    "Bearer error=\"insufficient_scope\", scope=\"files:write\"", auth.header(), 2)).retry());
            assertEquals(List.of("files:read", "files:read files:write"), f.authorizationUrls.stream()
                    .map(u -> MockAuthServer.decode(u.getRawQuery()).get("scope")).toList(),
                    "the second authorization asks for the union (SEP-2350), not the challenged scope alone");
        }
    }

    @Test
    void usesAPreRegisteredClientWithTheMethodTheServerSupports() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.remove("registration_endpoint");
            f.metadata.putArray("token_endpoint_auth_methods_supported").add("client_secret_post");
            OAuthSettings settings = f.settings().withClient("srv", OAuthClientConfig.of("pre", new Secret("shh")));
            assertTrue(f.authorization(settings).rejected(AuthFixture.unauthorized(null)).retry());
            Map<String, String> token = f.server.to("/token").getFirst().form();
            assertEquals("pre", token.get("client_id"));
            assertEquals("shh", token.get("client_secret"));
            assertTrue(f.server.to("/register").isEmpty());
        }
    }

    @Test
    void withoutRegistrationOrClientTheErrorSaysWhatToConfigure() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.remove("registration_endpoint");
            HttpAuthorization.Verdict verdict = f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null));
            assertFalse(verdict.retry());
            assertTrue(verdict.reason().contains("configure a pre-registered OAuth client"), verdict.reason());
        }
    }

    @Test
    void aHandWrittenAuthorizationHeaderBesideAnOAuthClientIsRefused() {
        var spec = new dev.tether.mcp.api.McpServerSpec.Http("srv", "https://mcp.example/mcp", Map.of("Authorization", "Bearer x"));
        OAuthSettings settings = OAuthSettings.of(new MemoryTokenStore(), null).withClient("srv", OAuthClientConfig.of("c", null));
        AuthException e = org.junit.jupiter.api.Assertions.assertThrows(AuthException.class,
                () -> OAuthAuthorization.forServer(spec, settings));
        assertNotNull(e.getMessage());
    }

    /** RFC 7636 §4.2, computed here rather than by the code under test: BASE64URL(SHA256(ASCII(verifier))). */
    private static String s256(String verifier) throws Exception {
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
    }
}
