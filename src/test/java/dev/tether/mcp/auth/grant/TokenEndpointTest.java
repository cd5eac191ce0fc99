package dev.tether.mcp.auth.grant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.base.net.Network;
import dev.tether.mcp.auth.MockAuthServer;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthHttp;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a token endpoint's refusal says: its OAuth error code, never a value the request carried. */
class TokenEndpointTest {

    @Test
    void anEchoedTokenIsRedactedFromTheServersError() {
        try (MockAuthServer server = new MockAuthServer()) {
            server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"invalid_grant\",\"error_description\":\"refresh token rt-SECRET-1 revoked\"}"));
            AuthException e = assertThrows(AuthException.class,
                    () -> new TokenEndpoint(new AuthHttp(Network.DIRECT), null).call(URI.create(server.url() + "/token"),
                            Map.of("refresh_token", "rt-SECRET-1"), Map.of(), "the token endpoint"));
            assertEquals("the token endpoint refused the request (HTTP 400, invalid_grant: refresh token [redacted] revoked)",
                    e.getMessage());
        }
    }
}
