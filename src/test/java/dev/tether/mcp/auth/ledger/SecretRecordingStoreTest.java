package dev.tether.mcp.auth.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.security.SecretRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tokens (and the private half of a DPoP key) become known secrets whether a sign-in saves them or a later run loads them from the ledger. */
class SecretRecordingStoreTest {
    @Test
    void savedAndLoadedTokensAndClientSecretsAreRegistered() {
        MemoryTokenStore ledger = new MemoryTokenStore();
        var old = Json.object().put("access_token", "restoredAccess123").put("scope", "read");
        old.putObject("dpop_key").put("kty", "EC").put("x", "publicXcoordinate").put("d", "privateDpopScalar42");
        ledger.save("token:old", old);
        SecretRegistry secrets = SecretRegistry.empty();
        TokenStore store = new SecretRecordingStore(ledger, secrets);

        store.save("token:new", Json.object().put("access_token", "freshAccess456").put("refresh_token", "freshRefresh789"));
        store.save("client:issuer", Json.object().put("client_id", "public-client-id").put("client_secret", "clientSecret000"));
        store.load("token:old");

        assertEquals("[REDACTED] [REDACTED] [REDACTED] [REDACTED] [REDACTED] public-client-id read publicXcoordinate",
                secrets.redact("restoredAccess123 freshAccess456 freshRefresh789 clientSecret000 privateDpopScalar42"
                        + " public-client-id read publicXcoordinate"));
        assertEquals(List.of("client:issuer", "token:new", "token:old"), store.keys().stream().sorted().toList());
    }
}
