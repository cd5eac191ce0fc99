package dev.tether.mcp.auth.dpop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The proofs Tether signs, checked as a server checks them (RFC 9449 §4.2–4.3). */
class DpopProofTest {
    private static final Instant NOW = Instant.parse("2026-12-01T07:30:00Z");
    private final DpopKeys keys = new DpopKeys(Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void aResourceProofVerifiesWithItsOwnKeyAndNamesTheRequestTheTokenAndTheNonce() throws Exception {
        DpopProofs proofs = keys.forServer("https://mcp.example.com/mcp");
        proofs.resourceServer().offer("n-1");
        String proof = proofs.forResource("post", URI.create("https://MCP.example.com:8443/mcp/v1?session=abc#frag"), "at-123");

        ProofVerifier.Verified v = ProofVerifier.verify(proof);
        assertEquals("dpop+jwt", v.header().path("typ").asString());
        assertEquals("ES256", v.header().path("alg").asString());
        assertEquals(Set.of("crv", "kty", "x", "y"), fieldNames(v.header().path("jwk")), "a public JWK, never the private d");
        assertEquals("P-256", v.header().path("jwk").path("crv").asString());
        assertEquals(Set.of("jti", "htm", "htu", "iat", "ath", "nonce"), fieldNames(v.claims()));
        assertEquals("POST", v.claim("htm"));
        assertEquals("https://mcp.example.com:8443/mcp/v1", v.claim("htu"), "no query, no fragment");
        assertEquals(NOW.getEpochSecond(), v.claims().path("iat").asLong());
        assertEquals(ProofVerifier.sha256("at-123"), v.claim("ath"));
        assertEquals("n-1", v.claim("nonce"));
        assertTrue(v.claim("jti").length() >= 16, v.claim("jti"));
        assertEquals(proofs.thumbprint(), v.thumbprint(), "the thumbprint a bound token names is the proof key's");
    }

    @Test
    void aTokenRequestProofHasNoAthAndOnlyTheAuthorizationServersNonce() throws Exception {
        DpopProofs proofs = keys.forServer("https://mcp.example.com/mcp");
        proofs.resourceServer().offer("rs-nonce");
        ProofVerifier.Verified first = ProofVerifier.verify(proofs.forTokenRequest(URI.create("https://as.example.com/token")));
        assertEquals(Set.of("jti", "htm", "htu", "iat"), fieldNames(first.claims()));
        assertEquals("https://as.example.com/token", first.claim("htu"));
        assertEquals("POST", first.claim("htm"));

        proofs.authorizationServer().offer("as-nonce");
        ProofVerifier.Verified second = ProofVerifier.verify(proofs.forTokenRequest(URI.create("https://as.example.com/token")));
        assertEquals("as-nonce", second.claim("nonce"));
    }

    @Test
    void everyProofIsFreshAndOneServerKeepsOneKey() throws Exception {
        DpopProofs proofs = keys.forServer("https://a.example/mcp");
        Set<String> jtis = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            assertTrue(jtis.add(ProofVerifier.verify(proofs.forResource("POST", URI.create("https://a.example/mcp"), "t")).claim("jti")));
        }
        assertEquals(proofs.thumbprint(), keys.forServer("https://a.example/mcp").thumbprint());
        assertNotEquals(proofs.thumbprint(), keys.forServer("https://b.example/mcp").thumbprint(), "each server its own key");
        assertNotEquals(proofs.thumbprint(), new DpopKeys().forServer("https://a.example/mcp").thumbprint(), "keys are made, never loaded");
    }

    @Test
    void aTamperedProofDoesNotVerify() throws Exception {
        String proof = keys.forServer("https://a.example/mcp").forResource("GET", URI.create("https://a.example/mcp"), "t");
        String[] parts = proof.split("\\.");
        String otherClaims = keys.forServer("https://a.example/mcp").forResource("DELETE", URI.create("https://a.example/mcp"), "t")
                .split("\\.")[1];
        assertThrows(AssertionError.class, () -> ProofVerifier.verify(parts[0] + "." + otherClaims + "." + parts[2]));
    }

    @Test
    void theKeyNeverPrintsItsPrivatePart() {
        DpopKey key = DpopKey.generate();
        assertEquals("DpopKey[jkt=" + key.thumbprint() + "]", key.toString());
        assertFalse(key.publicJwk().containsKey("d"));
    }

    @Test
    void onlyNoncesWithTheirRfcSyntaxAreKept() {
        DpopNonces nonces = new DpopNonces();
        for (String bad : List.of("", "has space", "quote\"", "back\\slash", "new\nline", "ünï", "x".repeat(DpopNonces.MAX_LENGTH + 1))) {
            assertFalse(nonces.offer(bad), bad);
        }
        assertNull(nonces.latest());
        assertFalse(nonces.offer(null));
        assertTrue(nonces.offer("eyJ7S_zG.9Bd-!~"));
        assertTrue(nonces.offer("x".repeat(DpopNonces.MAX_LENGTH)));
        assertEquals("x".repeat(DpopNonces.MAX_LENGTH), nonces.latest(), "the latest nonce wins");
    }

    @Test
    void ownProofsGiveBackTheirNonce() {
        DpopProofs proofs = keys.forServer("https://a.example/mcp");
        assertNull(DpopProof.nonceOf(proofs.forTokenRequest(URI.create("https://a.example/token"))));
        proofs.authorizationServer().offer("abc");
        assertEquals("abc", DpopProof.nonceOf(proofs.forTokenRequest(URI.create("https://a.example/token"))));
        assertNull(DpopProof.nonceOf("not.a-jwt"));
        assertNull(DpopProof.nonceOf(null));
    }

    private static Set<String> fieldNames(tools.jackson.databind.JsonNode node) {
        Set<String> names = new HashSet<>();
        node.propertyNames().forEach(names::add);
        return names;
    }
}
