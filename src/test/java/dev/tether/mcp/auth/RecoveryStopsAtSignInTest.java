package dev.tether.mcp.auth;

import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.auth.api.OAuthSettings;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.RecordingListener;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Recovery does not loop on a refused sign-in: when the session expired (found by a health ping) and the reconnect's
 * refresh token is refused, the server is parked as needs-sign-in after that one attempt.
 */
class RecoveryStopsAtSignInTest {

    @Test
    void aRefusedRefreshDuringRecoveryParksTheServerAsNeedsSignIn() throws Exception {
        try (AuthFixture f = new AuthFixture()) {
            OAuthSettings settings = f.settings();
            assertTrue(f.authorization(settings).rejected(AuthFixture.unauthorized(null)).retry(), "an earlier sign-in");
            AtomicBoolean expired = new AtomicBoolean();
            f.server.on("GET /mcp", r -> MockAuthServer.Reply.status(405));
            f.server.on("POST /mcp", r -> mcp(r, expired.get()));
            f.server.on("POST /token", r -> new MockAuthServer.Reply(400, Map.of("Content-Type", "application/json"),
                    "{\"error\":\"invalid_grant\",\"error_description\":\"refresh token revoked\"}"));

            RecordingListener events = new RecordingListener();
            McpConnectionSettings quick = McpConnectionSettings.DEFAULT
                    .withRecovery(new McpConnectionSettings.Recovery(5, Duration.ofMillis(20), Duration.ofMillis(40)))
                    .withHealing(McpConnectionSettings.Healing.DEFAULT.withHealthCheck(Duration.ofSeconds(1)));
            McpServerSpec.Http spec = new McpServerSpec.Http("srv", f.base + "/mcp", Map.of());
            try (McpRuntime runtime = McpRuntime.start(List.of(spec), options().withOAuth(settings), events, quick)) {
                assertEquals(1, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size());
                int tokenPosts = f.server.to("/token").size();
                expired.set(true); // The server forgets the session and refuses the old access token.

                // The next health ping (the connection is idle) meets the 404.
                ServerStatus parked = events.awaitState("srv", State.NEEDS_AUTH, Duration.ofSeconds(20));
                assertTrue(parked.reason().contains("needs re-authorisation"), parked.reason());
                Waits.throughout(Duration.ofMillis(500), () -> runtime.status().getFirst().state() == State.NEEDS_AUTH,
                        "it stays signed out");
                assertEquals(tokenPosts + 1, f.server.to("/token").size(), "one refresh was tried, not one per attempt");
                assertEquals(List.of("CONNECTING", "READY", "RECOVERING", "NEEDS_AUTH"),
                        events.states("srv").stream().map(Enum::name).toList());
                assertEquals(List.of("needs sign-in srv"), events.told(), "the session is told to ask for a sign-in, not of a failure");
            }
        }
    }

    /** A tiny streamable HTTP MCP server: one tool; once {@code expired}, 404 for the old session and 401 for a new one. */
    private static MockAuthServer.Reply mcp(MockAuthServer.Request r, boolean expired) {
        if (expired) {
            return r.headers().containsKey("mcp-session-id") ? MockAuthServer.Reply.status(404)
                    : new MockAuthServer.Reply(401, Map.of("WWW-Authenticate", "Bearer error=\"invalid_token\""), "");
        }
        JsonNode message = Json.parse(r.form().get("json"));
        String method = message.path("method").asString("");
        if (!message.has("id")) {
            return MockAuthServer.Reply.status(202);
        }
        String result = switch (method) {
            case "initialize" -> "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"tools\":{}},"
                    + "\"serverInfo\":{\"name\":\"m\",\"version\":\"1\"}}";
            case "tools/list" -> "{\"tools\":[{\"name\":\"t\",\"inputSchema\":{\"type\":\"object\"}}]}";
            default -> "{}";
        };
        return new MockAuthServer.Reply(200, Map.of("Content-Type", "application/json", "Mcp-Session-Id", "s1"),
                "{\"jsonrpc\":\"2.0\",\"id\":" + Json.write(message.get("id")) + ",\"result\":" + result + "}");
    }
}
