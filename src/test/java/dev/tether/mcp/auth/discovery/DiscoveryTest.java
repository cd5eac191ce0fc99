package dev.tether.mcp.auth.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.AuthFixture;
import dev.tether.mcp.auth.MockAuthServer;
import dev.tether.mcp.auth.OAuthAuthorization;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthHttp;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.ledger.MemoryTokenStore;
import dev.tether.mcp.transport.HttpAuthorization;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiscoveryTest {

    @Test
    void probesPathBasedResourceMetadataBeforeTheRootAndTheIssuerPathInSpecOrder() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.server.on("GET /.well-known/oauth-protected-resource/mcp", r -> MockAuthServer.Reply.status(404))
                    .on("GET /.well-known/oauth-protected-resource", r -> MockAuthServer.Reply.json(Map.of(
                            "resource", f.base, "authorization_servers", List.of(f.base + "/tenant"))))
                    .on("GET /tenant/.well-known/openid-configuration", r -> {
                        f.metadata.put("issuer", f.base + "/tenant");
                        return MockAuthServer.Reply.json(f.metadata);
                    });
            assertTrue(f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals(List.of("/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource",
                    "/.well-known/oauth-authorization-server/tenant", "/.well-known/openid-configuration/tenant",
                    "/tenant/.well-known/openid-configuration"), f.server.paths("GET"));
            assertEquals(f.base, MockAuthServer.decode(f.authorizationUrls.getFirst().getRawQuery()).get("resource"));
        }
    }

    @Test
    void legacyServersFallBackToEndpointsOnTheirOrigin() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.server.on("GET /.well-known/oauth-protected-resource/mcp", r -> MockAuthServer.Reply.status(404))
                    .on("GET /.well-known/oauth-authorization-server", r -> MockAuthServer.Reply.status(404))
                    .on("POST /register", r -> new MockAuthServer.Reply(201, Map.of("Content-Type", "application/json"),
                            "{\"client_id\":\"c\",\"client_secret\":\"s\"}"));
            assertTrue(f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals(f.base + "/authorize", f.authorizationUrls.getFirst().toString().split("\\?")[0]);
            assertTrue(f.server.to("/token").getFirst().headers().get("authorization").startsWith("Basic "));
        }
    }

    @Test
    void refusesResourceMetadataForAnotherResource() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.server.on("GET /.well-known/oauth-protected-resource/mcp", r -> MockAuthServer.Reply.json(Map.of(
                    "resource", "https://evil.example.com/mcp", "authorization_servers", List.of(f.base))));
            HttpAuthorization.Verdict verdict = f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null));
            assertFalse(verdict.retry());
            assertTrue(verdict.reason().contains("names another resource"), verdict.reason());
            assertTrue(f.authorizationUrls.isEmpty());
        }
    }

    @Test
    void theMetadataIssuerMustBeIdenticalToTheOneItWasFetchedForNotMerelyEqualUpToASlash() throws Exception {
        for (String[] pair : new String[][] {{"", "/"}, {"/", ""}}) {
            try (AuthFixture f = new AuthFixture()) {
                f.server.on("GET /.well-known/oauth-protected-resource/mcp", r -> MockAuthServer.Reply.json(Map.of(
                        "resource", f.base + "/mcp", "authorization_servers", List.of(f.base + pair[0]))));
                f.metadata.put("issuer", f.base + pair[1]);
                HttpAuthorization.Verdict verdict = f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null));
                assertFalse(verdict.retry(), "PRM names " + f.base + pair[0] + ", metadata " + f.base + pair[1]);
                assertTrue(verdict.reason().contains("names issuer " + f.base + pair[1] + ", not " + f.base + pair[0]),
                        verdict.reason());
                assertTrue(f.authorizationUrls.isEmpty(), "nobody is sent to sign in");
                assertTrue(f.server.to("/token").isEmpty());
            }
        }
    }

    @Test
    void anIssuerWithATrailingSlashIsAcceptedWhenBothSayIt() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.server.on("GET /.well-known/oauth-protected-resource/mcp", r -> MockAuthServer.Reply.json(Map.of(
                    "resource", f.base + "/mcp", "authorization_servers", List.of(f.base + "/"))));
            f.metadata.put("issuer", f.base + "/");
            assertTrue(f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals(1, f.authorizationUrls.size());
        }
    }

    @Test
    void refusesARedirectingMetadataEndpoint() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.server.on("GET /.well-known/oauth-protected-resource/mcp", r -> new MockAuthServer.Reply(302,
                    Map.of("Location", "https://elsewhere.example/prm"), ""));
            HttpAuthorization.Verdict verdict = f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null));
            assertFalse(verdict.retry());
            assertTrue(verdict.reason().contains("redirect"), verdict.reason());
        }
    }

    @Test
    void refusesPlainHttpBeyondLoopbackAndCredentialsInUrls() throws Exception {
        HttpAuthorization auth = OAuthAuthorization.forServer(new McpServerSpec.Http("srv", "http://mcp.example.com/mcp", Map.of()),
                OAuthSettings.of(new MemoryTokenStore(), null));
        HttpAuthorization.Verdict verdict = auth.rejected(AuthFixture.unauthorized(null));
        assertFalse(verdict.retry());
        assertTrue(verdict.reason().contains("needs https"), verdict.reason());
        assertThrows(AuthException.class, () -> AuthHttp.checked("https://user:pw@as.example/token", "x"));
    }

    @Test
    void resourceMatchingIsSameOriginAndPathPrefix() {
        URI server = URI.create("https://mcp.example/api/mcp");
        assertTrue(Discovery.resourceMatches("https://mcp.example/api/mcp", server));
        assertTrue(Discovery.resourceMatches("https://MCP.example:443", server));
        assertFalse(Discovery.resourceMatches("https://mcp.example/api/mc", server));
        assertFalse(Discovery.resourceMatches("https://mcp.example:8443/api/mcp", server));
        assertFalse(Discovery.resourceMatches("https://mcp.example/api/mcp#frag", server));
    }
}
