package dev.tether.mcp.auth;

import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An HTTP server that refuses the stored access token, whose authorization server then refuses the refresh
 * token, leaves its connection in {@code NEEDS_AUTH} (not plain {@code FAILED}), and a reconnect starts a new
 * sign-in, as {@code /mcp} tells the user.
 */
class RefusedRefreshNeedsSignInTest {

    @Test
    void aRefusedRefreshAtConnectNeedsSignInAndAReconnectStartsOne() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            OAuthSettings settings = f.settings();
            // An earlier sign-in left a stored credential (access and refresh token) for "srv".
            assertTrue(f.authorization(settings).rejected(AuthFixture.unauthorized(null)).retry());
            assertEquals(1, f.authorizationUrls.size());
            f.server.on("POST /mcp", r -> new MockAuthServer.Reply(401,
                    Map.of("WWW-Authenticate", "Bearer error=\"invalid_token\""), ""));
            f.server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"invalid_grant\",\"error_description\":\"refresh token revoked\"}"));

            McpServerSpec.Http spec = new McpServerSpec.Http("srv", f.base + "/mcp", Map.of());
            try (McpRuntime runtime = McpRuntime.start(List.of(spec), options().withOAuth(settings), McpRuntimeListener.NONE,
                    McpConnectionSettings.DEFAULT)) {
                runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
                ServerStatus status = runtime.status().getFirst();
                assertEquals(State.NEEDS_AUTH, status.state());
                assertTrue(status.reason().contains("server \"srv\" needs re-authorisation: its refresh token was refused"),
                        status.reason());
                assertFalse(status.reason().contains("SECRET"), status.reason());
                assertEquals(1, f.authorizationUrls.size(), "no sign-in is started behind the user's back");

                // The authorization server works again; the MCP server still refuses, so the connect fails after
                // its authorizations, but the reconnect did ask the user to sign in.
                f.server.on("POST /token", r -> MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-new",
                        "token_type", "Bearer", "expires_in", 3600, "refresh_token", "rt-SECRET-new")));
                ServerStatus after = runtime.reconnect("srv");
                assertEquals(2, f.authorizationUrls.size(), "the reconnect started a new sign-in");
                assertEquals(State.FAILED, after.state(), after.reason());
            }
        }
    }
}
