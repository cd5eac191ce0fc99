package dev.tether.mcp.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.transport.HttpAuthorization;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A credential belongs to the authorization server that issued it: once the MCP server's metadata
 * names another issuer, the old token is never sent again (not even when signing in at the new one
 * fails), and nothing of the old registration reaches the new server.
 */
class CredentialsKeyedByIssuerTest {

    /** Points {@code f}'s protected-resource metadata at {@code issuer}. */
    private static void moveTo(AuthFixture f, String issuer) {
        f.server.on("GET /.well-known/oauth-protected-resource/mcp", r -> MockAuthServer.Reply.json(Map.of(
                "resource", f.base + "/mcp", "authorization_servers", List.of(issuer))));
    }

    @Test
    void theOldIssuersTokenIsNotSentWhenSigningInAtTheNewOneFails() throws Exception {
        try (AuthFixture a = new AuthFixture(); AuthFixture b = new AuthFixture()) {
            HttpAuthorization auth = a.authorization(a.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            String fromA = auth.header();
            assertEquals("Bearer at-SECRET-1", fromA);

            moveTo(a, b.base);
            b.server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"access_denied\"}"));
            a.server.on("POST /token", r -> MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-A-again", "token_type", "Bearer")));
            HttpAuthorization.Verdict verdict = auth.rejected(new HttpAuthorization.Rejection(401,
                    "Bearer error=\"invalid_token\"", fromA, 1));
            // The refresh at A succeeded; A's refreshed token is refused too, and discovery finds B.
            assertTrue(verdict.retry());
            String refreshed = auth.header();
            verdict = auth.rejected(new HttpAuthorization.Rejection(401, "Bearer error=\"invalid_token\"", refreshed, 2));
            assertFalse(verdict.retry(), "signing in at B failed");
            assertNull(auth.header(), "no token of A is sent once the server moved to B");
            assertTrue(a.store.keys().stream().noneMatch(k -> k.startsWith("token:")), "A's credential left the store");
            assertEquals(1, b.server.to("/token").size(), "B was asked");
            // A later run finds nothing to restore either.
            assertNull(a.authorization(a.settings()).header());
        }
    }

    @Test
    void afterTheMoveTheClientRegistersAtTheNewIssuerAndSendsOnlyItsToken() throws Exception {
        try (AuthFixture a = new AuthFixture(); AuthFixture b = new AuthFixture()) {
            HttpAuthorization auth = a.authorization(a.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            b.server.on("POST /register", r -> new MockAuthServer.Reply(201, Map.of("Content-Type", "application/json"),
                    "{\"client_id\":\"b-client\"}"))
                    .on("POST /token", r -> MockAuthServer.Reply.json(Map.of("access_token", "at-from-B", "token_type", "Bearer")));
            moveTo(a, b.base);
            // No refresh token this time: the refusal goes straight to discovery.
            a.server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"invalid_grant\"}"));
            HttpAuthorization.Verdict refreshRefused = auth.rejected(new HttpAuthorization.Rejection(401,
                    "Bearer error=\"invalid_token\"", auth.header(), 1));
            assertFalse(refreshRefused.retry());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals("Bearer at-from-B", auth.header());
            assertEquals(1, b.server.to("/register").size(), "registered again at B");
            assertTrue(b.server.requests().stream().noneMatch(r -> r.form().containsValue("registered-client")
                    || String.valueOf(r.query()).contains("registered-client")), "A's client id never reached B");
        }
    }
}
