package dev.tether.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.MockAuthServer;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.api.AuthorizationPrompt;
import dev.tether.mcp.auth.ledger.FileTokenStore;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code tether mcp login} signs in as the client the user configured for the server, as a session
 * would: a pre-registered id and secret (expanded from the environment) instead of a dynamic
 * registration, and a workload identity without any browser.
 */
class McpLoginConfiguredClientTest {
    private static final String SECRET = "s3cret-client-value-42";

    @TempDir
    Path root;
    private final MockAuthServer server = new MockAuthServer();
    private final String base = server.url();
    private final List<URI> shown = new ArrayList<>();
    private Map<String, String> env;
    private FileTokenStore ledger;

    @BeforeEach
    void setUp() {
        env = new HashMap<>(Map.of("HOME", root.resolve("home").toString(), "XDG_STATE_HOME", root.resolve("state").toString(),
                "XDG_CONFIG_HOME", root.resolve("config").toString(),
                "TETHER_MANAGED_SETTINGS", root.resolve("managed-settings.json").toString(), "GH_OAUTH_SECRET", SECRET));
        ledger = FileTokenStore.hostLedger(TetherPaths.from(env).stateDir());
        ObjectNode metadata = Json.object().put("issuer", base).put("authorization_endpoint", base + "/authorize")
                .put("token_endpoint", base + "/token");
        metadata.putArray("code_challenge_methods_supported").add("S256");
        metadata.putArray("token_endpoint_auth_methods_supported").add("client_secret_basic");
        // No registration endpoint: only a client registered ahead of time can sign in here.
        server.on("GET /.well-known/oauth-protected-resource/mcp", r -> MockAuthServer.Reply.json(Map.of(
                        "resource", base + "/mcp", "authorization_servers", List.of(base))))
                .on("GET /.well-known/oauth-authorization-server", r -> MockAuthServer.Reply.json(metadata))
                .on("POST /token", r -> MockAuthServer.Reply.json(Map.of("access_token", "at-SECRET-1", "token_type", "Bearer",
                        "expires_in", 3600, "refresh_token", "rt-SECRET-1")))
                .on("GET /mcp", r -> MockAuthServer.Reply.status(405))
                .on("POST /mcp", McpLoginConfiguredClientTest::mcp);
    }

    /** An MCP server (2025-11-25) that wants a bearer token. */
    private static MockAuthServer.Reply mcp(MockAuthServer.Request r) {
        if (!"Bearer at-SECRET-1".equals(r.headers().get("authorization"))) {
            return new MockAuthServer.Reply(401, Map.of("WWW-Authenticate", "Bearer"), "");
        }
        JsonNode message = Json.parse(r.form().get("json"));
        if (!message.has("id")) {
            return MockAuthServer.Reply.status(202);
        }
        Object result = switch (message.path("method").asString()) {
            case "initialize" -> Map.of("protocolVersion", "2025-11-25", "capabilities", Map.of("tools", Map.of()),
                    "serverInfo", Map.of("name", "s", "version", "1"));
            case "tools/list" -> Map.of("tools", List.of());
            default -> Map.of();
        };
        return MockAuthServer.Reply.json(Map.of("jsonrpc", "2.0", "id", message.get("id"), "result", result));
    }

    private void config(String oauth) throws Exception {
        Path file = root.resolve("config/tether/config.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{\"mcpServers\": {\"gh\": {\"type\": \"http\", \"url\": \"" + base + "/mcp\","
                + " \"protocolVersion\": \"2025-11-25\", \"oauth\": " + oauth + "}}}");
    }

    private void login(AuthorizationPrompt.Factory prompts) throws AuthException {
        new OAuthLogin(env, root).login("gh", new McpServerSpec.Http("gh", base + "/mcp", Map.of()), prompts, ledger);
    }

    /** A browser that comes back at once with a code for the state it was shown. */
    private AuthorizationPrompt.Factory browser() {
        return name -> new AuthorizationPrompt() {
            @Override
            public URI redirectUri() {
                return URI.create("http://127.0.0.1:5555/callback");
            }

            @Override
            public Map<String, String> authorize(String s, URI url, String state, Cancellation cancellation) {
                shown.add(url);
                return Map.of("code", "code-1", "state", MockAuthServer.decode(url.getRawQuery()).get("state"));
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void aPreRegisteredClientSignsInWithItsOwnIdAndSecretAndIsWhatTheLedgerKeeps() throws Exception {
        config("{\"clientId\": \"pre-registered\", \"clientSecret\": \"${GH_OAUTH_SECRET}\"}");
        try (server) {
            login(browser());

            assertTrue(server.to("/register").isEmpty(), "no dynamic registration");
            assertEquals(1, shown.size());
            assertEquals("pre-registered", MockAuthServer.decode(shown.getFirst().getRawQuery()).get("client_id"));
            MockAuthServer.Request token = server.to("/token").getFirst();
            assertEquals("Basic " + Base64.getEncoder().encodeToString(("pre-registered:" + SECRET).getBytes(StandardCharsets.UTF_8)),
                    token.headers().get("authorization"), "the secret, expanded from the environment");
            List<JsonNode> credentials = ledger.keys().stream().map(k -> ledger.load(k).orElseThrow())
                    .filter(record -> record.has("access_token")).toList();
            assertEquals(1, credentials.size());
            assertEquals("pre-registered", credentials.getFirst().path("client_id").asString());
            assertEquals("client_secret_basic", credentials.getFirst().path("token_endpoint_auth_method").asString());
            assertTrue(!Files.readString(ledger.file()).contains(SECRET), "the client secret stays in the user's config");
        }
    }

    @Test
    void aWorkloadSignsInWithItsIdentityTokenAndNoBrowser() throws Exception {
        String header = b64("{\"alg\":\"ES256\",\"typ\":\"JWT\"}");
        String claims = b64("{\"iss\":\"https://idp.example\",\"sub\":\"ci\",\"aud\":\"" + base + "\",\"exp\":"
                + (System.currentTimeMillis() / 1000 + 600) + "}");
        env.put("MCP_WORKLOAD_TOKEN", header + "." + claims + "." + b64("signature-bytes"));
        config("{\"clientId\": \"ci-workload\", \"workloadIdentity\": {\"tokenEnv\": \"MCP_WORKLOAD_TOKEN\"}}");
        try (server) {
            login(name -> {
                throw new AuthException("a workload has no browser");
            });

            Map<String, String> form = server.to("/token").getFirst().form();
            assertEquals("urn:ietf:params:oauth:grant-type:jwt-bearer", form.get("grant_type"));
            assertEquals(env.get("MCP_WORKLOAD_TOKEN"), form.get("assertion"));
            assertTrue(shown.isEmpty() && server.to("/register").isEmpty());
        }
    }

    private static String b64(String text) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }
}
