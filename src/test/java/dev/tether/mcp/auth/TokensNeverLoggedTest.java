package dev.tether.mcp.auth;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.transport.HttpAuthorization;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every token, refresh token and code the mock server hands out contains "SECRET": none of them
 * may reach a log line (stderr), whatever happens — sign-in, refresh, a revoked refresh token,
 * a step-up that runs out of attempts.
 */
class TokensNeverLoggedTest {

    @Test
    void noSecretReachesTheLogThroughAWholeLifecycle() throws Exception {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try (AuthFixture f = new AuthFixture()) {
            HttpAuthorization auth = f.authorization(f.settings());
            assertTrue(auth.rejected(AuthFixture.unauthorized(null)).retry());
            String sent = auth.header();
            assertTrue(sent.contains("SECRET"), "the fixture's tokens are marked");
            // The token is refused: a refresh, which the server then revokes as well.
            f.server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"invalid_grant\",\"error_description\":\"refresh token rt-SECRET-1 revoked; access " + sent + "\"}"));
            auth.rejected(new HttpAuthorization.Rejection(401, "Bearer error=\"invalid_token\"", sent, 1));
            String challenge = "Bearer error=\"insufficient_scope\", scope=\"files:write\"";
            for (int attempt = 1; attempt <= OAuthAuthorization.MAX_AUTHORIZATIONS + 1; attempt++) {
                auth.rejected(new HttpAuthorization.Rejection(403, challenge, auth.header(), attempt));
            }
        } finally {
            System.setErr(original);
        }
        String log = captured.toString(StandardCharsets.UTF_8);
        assertFalse(log.contains("SECRET"), "a secret reached the log:\n" + log);
    }
}
