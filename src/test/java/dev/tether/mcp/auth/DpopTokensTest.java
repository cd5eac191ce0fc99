package dev.tether.mcp.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.dpop.DpopKeys;
import dev.tether.mcp.auth.dpop.ProofVerifier;
import dev.tether.mcp.transport.HttpAuthorization;
import java.net.URI;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What happens to DPoP-bound tokens over their life: presented as DPoP with a proof, refreshed
 * with a proof, shared by sessions of one process, stored with the key pair they are bound to (so a
 * later process presents them as issued), and never presented as Bearer — also when a stored one
 * comes without a usable key.
 */
class DpopTokensTest {

    @Test
    void aBoundTokenIsPresentedAsDpopWithAProofAndRefreshedWithOne() throws Exception {
        try (AuthFixture f = dpop(30)) {
            HttpAuthorization auth = f.authorization(f.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized("DPoP")).retry());
            // 30 s left is inside the refresh margin: these headers come from a refresh.
            Map<String, String> headers = auth.headers("POST", URI.create(f.base + "/mcp?x=1"));
            assertEquals("DPoP at-SECRET-2", headers.get("Authorization"));
            ProofVerifier.Verified proof = ProofVerifier.verify(headers.get("DPoP"));
            assertEquals(ProofVerifier.sha256("at-SECRET-2"), proof.claim("ath"));
            assertEquals(f.base + "/mcp", proof.claim("htu"));

            MockAuthServer.Request refresh = f.server.to("/token").get(1);
            assertEquals("refresh_token", refresh.form().get("grant_type"));
            assertEquals(proof.thumbprint(), ProofVerifier.verify(refresh.headers().get("dpop")).thumbprint(),
                    "the refresh proves the key the token is bound to");
            String again = auth.header(); // refreshed once more: the new token lives 30 s too
            assertTrue(again.startsWith("DPoP at-SECRET-"), "header() never downgrades a bound token to Bearer: " + again);
        }
    }

    @Test
    void theStoredRecordHoldsTheKeyPairItsTokenIsBoundTo() throws Exception {
        try (AuthFixture f = dpop(3600)) {
            HttpAuthorization auth = f.authorization(f.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            String jkt = ProofVerifier.verify(auth.headers("POST", URI.create(f.base + "/mcp")).get("DPoP")).thumbprint();
            JsonNode record = f.store.load(tokenKey(f)).orElseThrow();
            Set<String> fields = new HashSet<>();
            record.propertyNames().forEach(fields::add);
            assertEquals(Set.of("server_url", "issuer", "token_endpoint", "client_id", "token_endpoint_auth_method", "resource",
                    "access_token", "refresh_token", "expires_at", "token_type", "dpop_jkt", "dpop_key"), fields);
            assertEquals("DPoP", record.path("token_type").asString());
            assertEquals(jkt, record.path("dpop_jkt").asString());
            Set<String> jwk = new HashSet<>();
            record.path("dpop_key").propertyNames().forEach(jwk::add);
            assertEquals(Set.of("kty", "crv", "x", "y", "d"), jwk);
        }
    }

    @Test
    void sessionsOfOneProcessShareTheKeyAndSoTheToken() throws Exception {
        try (AuthFixture f = dpop(3600)) {
            OAuthSettings settings = f.settings().withDpopKeys(new DpopKeys());
            HttpAuthorization first = f.authorization(settings);
            assertTrue(first.rejected(AuthFixture.unauthorized(null)).retry());
            String firstKey = ProofVerifier.verify(first.headers("POST", URI.create(f.base + "/mcp")).get("DPoP")).thumbprint();

            HttpAuthorization second = f.authorization(f.settings().withDpopKeys(settings.dpopKeys()));
            Map<String, String> headers = second.headers("POST", URI.create(f.base + "/mcp"));
            assertEquals("DPoP at-SECRET-1", headers.get("Authorization"));
            assertEquals(firstKey, ProofVerifier.verify(headers.get("DPoP")).thumbprint());
            assertEquals(1, f.server.to("/token").size(), "no second sign-in, no refresh");
        }
    }

    @Test
    void aLaterProcessPresentsTheStoredTokenWithTheStoredKey() throws Exception {
        try (AuthFixture f = dpop(3600)) {
            HttpAuthorization first = f.authorization(f.settings());
            assertTrue(first.rejected(AuthFixture.unauthorized(null)).retry());
            String firstKey = ProofVerifier.verify(first.headers("POST", URI.create(f.base + "/mcp")).get("DPoP")).thumbprint();

            // A later process (keys of its own, e.g. the agent after `tether mcp login`): no refresh, no sign-in.
            HttpAuthorization later = f.authorization(f.settings());
            Map<String, String> headers = later.headers("POST", URI.create(f.base + "/mcp"));
            assertEquals("DPoP at-SECRET-1", headers.get("Authorization"));
            assertEquals(firstKey, ProofVerifier.verify(headers.get("DPoP")).thumbprint());
            assertEquals(1, f.server.to("/token").size());
        }
    }

    @Test
    void aTokenWhoseKeyIsMissingOrNotItsOwnIsRefreshedWithThisProcesssKeyOrDropped() throws Exception {
        try (AuthFixture f = dpop(3600)) {
            assertTrue(f.authorization(f.settings()).rejected(AuthFixture.unauthorized(null)).retry());
            ObjectNode record = (ObjectNode) f.store.load(tokenKey(f)).orElseThrow();
            // Another key pair's private half with this one's public half: never adopted.
            ObjectNode stolen = (ObjectNode) record.get("dpop_key");
            stolen.put("d", dev.tether.mcp.auth.dpop.DpopKey.generate().privateJwk().get("d"));
            f.store.save(tokenKey(f), record);

            // With a refresh token the stored token is refreshed first, with a proof of this process's key.
            HttpAuthorization later = f.authorization(f.settings());
            Map<String, String> headers = later.headers("POST", URI.create(f.base + "/mcp"));
            assertEquals("DPoP at-SECRET-2", headers.get("Authorization"));
            assertEquals(ProofVerifier.verify(f.server.to("/token").get(1).headers().get("dpop")).thumbprint(),
                    ProofVerifier.verify(headers.get("DPoP")).thumbprint());

            // Without its key and without a refresh token it is of no use: nothing is sent, above all not the token as Bearer.
            record = (ObjectNode) f.store.load(tokenKey(f)).orElseThrow();
            record.remove("refresh_token");
            record.remove("dpop_key");
            f.store.save(tokenKey(f), record);
            HttpAuthorization third = f.authorization(f.settings());
            assertNull(third.header());
            assertEquals(Map.of(), third.headers("POST", URI.create(f.base + "/mcp")));
            assertEquals(2, f.server.to("/token").size());
        }
    }

    @Test
    void withoutEs256OnOfferTokensStayBearerAndNoProofIsSent() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.putArray("dpop_signing_alg_values_supported").add("RS256");
            HttpAuthorization auth = f.authorization(f.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals(Map.of("Authorization", "Bearer at-SECRET-1"), auth.headers("POST", URI.create(f.base + "/mcp")));
            assertFalse(f.server.to("/token").getFirst().headers().containsKey("dpop"));
        }
    }

    @Test
    void aDpopTokenForARequestWithoutAProofIsRefused() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            f.server.on("POST /token", r -> MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-1", "token_type", "DPoP")));
            HttpAuthorization auth = f.authorization(f.settings());
            HttpAuthorization.Verdict verdict = auth.rejected(AuthFixture.unauthorized(null));
            assertFalse(verdict.retry());
            assertTrue(verdict.reason().contains("issued a \"DPoP\" token; MCP needs a Bearer token"), verdict.reason());
            assertNull(auth.header());
        }
    }

    /** An authorization server that offers ES256 DPoP and issues bound tokens living {@code seconds}. */
    private static AuthFixture dpop(int seconds) {
        AuthFixture f = new AuthFixture();
        f.metadata.putArray("dpop_signing_alg_values_supported").add("ES256");
        AtomicInteger n = new AtomicInteger();
        f.server.on("POST /token", r -> r.headers().get("dpop") == null
                ? new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"), "{\"error\":\"invalid_dpop_proof\"}")
                : MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-" + n.incrementAndGet(), "token_type", "DPoP",
                        "expires_in", seconds, "refresh_token", "rt-SECRET-" + n.get())));
        return f;
    }

    private static String tokenKey(AuthFixture f) {
        return f.store.keys().stream().filter(k -> k.startsWith("token:")).findFirst().orElseThrow();
    }

}
