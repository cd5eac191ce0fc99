package dev.tether.mcp.auth.dpop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.URI;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A key pair written beside its token is read back as the same key, and anything else is refused. */
class DpopKeyRestoreTest {

    @Test
    void aWrittenKeyPairSignsAsBeforeOnceRestored() throws Exception {
        DpopKey key = DpopKey.generate();
        DpopKey restored = DpopKey.restore(key.privateJwk());
        assertEquals(key.thumbprint(), restored.thumbprint());
        DpopProofs proofs = new DpopKeys(Clock.systemUTC()).adopt("https://mcp.example/mcp", restored);
        String proof = proofs.forResource("POST", URI.create("https://mcp.example/mcp"), "at-1");
        assertEquals(key.thumbprint(), ProofVerifier.verify(proof).thumbprint());
        assertFalse(restored.toString().contains(key.privateJwk().get("d")), restored.toString());
    }

    @Test
    void aProcessKeepsTheKeyItAlreadyUsesForAServer() {
        DpopKeys keys = new DpopKeys();
        String own = keys.forServer("https://mcp.example/mcp").thumbprint();
        assertEquals(own, keys.adopt("https://mcp.example/mcp", DpopKey.generate()).thumbprint());
    }

    @Test
    void halvesOfDifferentPairsAndMalformedKeysAreRefused() {
        Map<String, String> mixed = new HashMap<>(DpopKey.generate().privateJwk());
        mixed.put("d", DpopKey.generate().privateJwk().get("d"));
        assertNull(DpopKey.restore(mixed));

        Map<String, String> good = DpopKey.generate().privateJwk();
        for (String[] change : new String[][] {{"d", null}, {"crv", "P-384"}, {"kty", "RSA"}, {"x", "AAAA"}, {"d", "not base64!"}}) {
            Map<String, String> bad = new HashMap<>(good);
            bad.put(change[0], change[1]);
            assertNull(DpopKey.restore(bad), change[0] + " = " + change[1]);
        }
        assertNull(DpopKey.restore(DpopKey.generate().publicJwk()), "a public key alone cannot sign");
    }
}
