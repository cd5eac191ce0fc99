package dev.tether.mcp.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jwt.SignedJWT;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.api.Secret;
import dev.tether.mcp.auth.credential.Tokens;
import dev.tether.mcp.auth.registration.OAuthClient;
import dev.tether.mcp.transport.HttpAuthorization;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TokenLifecycleTest {

    @Test
    void refreshesBeforeExpiryAndStoresTheRotatedRefreshToken() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            AtomicInteger n = new AtomicInteger();
            f.server.on("POST /token", r -> MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-" + n.incrementAndGet(),
                    "token_type", "Bearer", "expires_in", 30, "refresh_token", "rt-SECRET-" + n.get())));
            HttpAuthorization auth = f.authorization(f.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            // 30 s left is inside the refresh margin: the next header comes from a refresh.
            assertEquals("Bearer at-SECRET-2", auth.header());
            Map<String, String> refresh = f.server.to("/token").get(1).form();
            assertEquals("refresh_token", refresh.get("grant_type"));
            assertEquals("rt-SECRET-1", refresh.get("refresh_token"));
            assertEquals(f.base + "/mcp", refresh.get("resource"));
            String stored = f.store.keys().stream().filter(k -> k.startsWith("token:")).findFirst().orElseThrow();
            assertEquals("rt-SECRET-2", f.store.load(stored).orElseThrow().path("refresh_token").asString());

            // A fresh authorization object (a new connection) picks the stored credential up.
            assertEquals("Bearer at-SECRET-3", f.authorization(f.settings()).header());
        }
    }

    @Test
    void aRefusedRefreshMeansReauthorisationWithAReadableError() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            HttpAuthorization auth = f.authorization(f.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            String sent = auth.header();
            f.server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"invalid_grant\",\"error_description\":\"refresh token rt-SECRET-1 revoked\"}"));
            HttpAuthorization.Verdict verdict = auth.rejected(new HttpAuthorization.Rejection(401,
                    "Bearer error=\"invalid_token\"", sent, 1));
            assertFalse(verdict.retry());
            assertTrue(verdict.reason().contains("needs re-authorisation"), verdict.reason());
            assertTrue(verdict.signIn(), "only a new sign-in helps now");
            assertFalse(verdict.reason().contains("SECRET"), verdict.reason());
            assertEquals(null, auth.header());
            assertTrue(f.store.keys().stream().noneMatch(k -> k.startsWith("token:")));
        }
    }

    @Test
    void clientCredentialsWithPrivateKeyJwt() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"));
            KeyPair keys = generator.generateKeyPair();
            String pem = "-----BEGIN PRIVATE KEY-----\n"
                    + Base64.getMimeEncoder().encodeToString(keys.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----\n";
            OAuthSettings settings = f.settings().withClient("srv", new OAuthClientConfig("machine", null, new Secret(pem),
                    null, new OAuthClientConfig.Grant.ClientCredentials()));
            assertTrue(f.authorization(settings).rejected(AuthFixture.unauthorized(null)).retry());
            Map<String, String> form = f.server.to("/token").getFirst().form();
            assertEquals("client_credentials", form.get("grant_type"));
            assertEquals("urn:ietf:params:oauth:client-assertion-type:jwt-bearer", form.get("client_assertion_type"));
            SignedJWT jwt = SignedJWT.parse(form.get("client_assertion"));
            assertTrue(jwt.verify(new ECDSAVerifier((ECPublicKey) keys.getPublic())));
            assertEquals("machine", jwt.getJWTClaimsSet().getIssuer());
            assertEquals("machine", jwt.getJWTClaimsSet().getSubject());
            assertEquals(List.of(f.base), jwt.getJWTClaimsSet().getAudience());
            assertTrue(f.authorizationUrls.isEmpty());
        }
    }

    @Test
    void clientSecretBasicSendsTheSecretOnlyInTheHeader() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.putArray("token_endpoint_auth_methods_supported").add("client_secret_basic");
            OAuthSettings settings = f.settings().withClient("srv", OAuthClientConfig.of("pre", new Secret("shh")));
            assertTrue(f.authorization(settings).rejected(AuthFixture.unauthorized(null)).retry());
            MockAuthServer.Request token = f.server.to("/token").getFirst();
            assertEquals("Basic " + Base64.getEncoder().encodeToString("pre:shh".getBytes()), token.headers().get("authorization"));
            assertFalse(token.form().containsKey("client_secret"));
        }
    }

    @Test
    void secretsNeverPrintThemselves() {
        Tokens tokens = new Tokens(new Secret("at-SECRET"), new Secret("rt-SECRET"), null, "a");
        assertFalse(tokens.toString().contains("SECRET"), tokens.toString());
        assertFalse(new OAuthClient("c", new Secret("cs-SECRET"), null, "client_secret_basic").toString().contains("SECRET"));
    }
}
