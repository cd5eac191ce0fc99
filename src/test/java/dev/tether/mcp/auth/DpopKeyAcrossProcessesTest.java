package dev.tether.mcp.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.auth.dpop.DpopKeys;
import dev.tether.mcp.auth.dpop.ProofVerifier;
import dev.tether.mcp.auth.ledger.FileTokenStore;
import dev.tether.mcp.transport.HttpAuthorization;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DPoP-bound sign-in kept in a ledger file ({@code tether mcp login}, or an ACP session with
 * {@code rememberSignIns}) is usable by the next process: the key pair is kept in the same
 * owner-only record as the token, so the token is presented as issued — also at an authorization
 * server that binds refresh tokens to the key and refuses a refresh proved with another one — and
 * the private key never reaches a log line.
 */
class DpopKeyAcrossProcessesTest {
    @TempDir
    Path dir;

    @Test
    void theNextProcessPresentsTheTokenWithTheKeyItWasBoundTo() throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        Path file = dir.resolve("state/tether/oauth/ledger.json");
        String privateKey;
        try (AuthFixture f = new AuthFixture()) {
            f.metadata.putArray("dpop_signing_alg_values_supported").add("ES256");
            AtomicInteger issued = new AtomicInteger();
            String[] boundTo = new String[1];
            f.server.on("POST /token", r -> {
                String jkt;
                try {
                    jkt = ProofVerifier.verify(r.headers().get("dpop")).thumbprint();
                } catch (Exception e) {
                    return new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"), "{\"error\":\"invalid_dpop_proof\"}");
                }
                if ("refresh_token".equals(r.form().get("grant_type")) && !jkt.equals(boundTo[0])) {
                    return new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                            "{\"error\":\"invalid_grant\",\"error_description\":\"refresh token bound to another key\"}");
                }
                boundTo[0] = jkt;
                return MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-" + issued.incrementAndGet(),
                        "token_type", "DPoP", "expires_in", 3600, "refresh_token", "rt-SECRET-" + issued.get()));
            });

            // The sign-in: one process, its own keys, the ledger file.
            OAuthSettings login = OAuthSettings.of(new FileTokenStore(file), f.settings().prompts()).withDpopKeys(new DpopKeys());
            HttpAuthorization signedIn = f.authorization(login);
            assertTrue(signedIn.rejected(AuthFixture.unauthorized(null)).retry());
            String key = ProofVerifier.verify(signedIn.headers("POST", URI.create(f.base + "/mcp")).get("DPoP")).thumbprint();
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            privateKey = Files.readString(file).replaceAll("(?s).*\"d\"\\s*:\\s*\"([^\"]+)\".*", "$1");

            // The next process: new keys, the same file. The token is presented as issued, with the stored key.
            OAuthSettings next = OAuthSettings.of(new FileTokenStore(file), f.settings().prompts()).withDpopKeys(new DpopKeys());
            HttpAuthorization agent = f.authorization(next);
            Map<String, String> headers = agent.headers("POST", URI.create(f.base + "/mcp"));
            assertEquals("DPoP at-SECRET-1", headers.get("Authorization"));
            assertEquals(key, ProofVerifier.verify(headers.get("DPoP")).thumbprint());
            assertEquals(1, f.server.to("/token").size(), "no refresh (which this server would refuse), no new sign-in");
            assertEquals(1, f.authorizationUrls.size());
        } finally {
            System.setErr(original);
        }
        assertTrue(privateKey.length() >= 40, "the ledger holds the private key: " + privateKey.length());
        String log = captured.toString(StandardCharsets.UTF_8);
        assertFalse(log.contains(privateKey) || log.contains("SECRET"), "a secret reached the log:\n" + log);
    }
}
