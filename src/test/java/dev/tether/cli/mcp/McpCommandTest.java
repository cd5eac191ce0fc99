package dev.tether.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.api.AuthException;
import dev.tether.mcp.auth.ledger.FileTokenStore;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class McpCommandTest {
    private static final String TOKEN = "SECRET-access-token-0000";

    @TempDir
    Path home;
    private Map<String, String> env;
    private FileTokenStore ledger;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() throws IOException {
        env = Map.of("HOME", home.toString(), "XDG_STATE_HOME", home.resolve("state").toString(),
                "XDG_CONFIG_HOME", home.resolve("config").toString(), "TENANT", "acme");
        Files.createDirectories(home.resolve("config/tether"));
        Files.writeString(home.resolve("config/tether/config.json"), """
                {"mcpServers": {
                  "github": {"type": "http", "url": "https://api.example.com/mcp?key=hidden"},
                  "local": {"command": "node", "args": ["server.js"]},
                  "sentry": {"url": "https://mcp.sentry.example/${TENANT}/mcp"}
                }}
                """);
        ledger = FileTokenStore.hostLedger(TetherPaths.from(env).stateDir());
    }

    private int run(McpCommand.Authorizer authorizer, String... args) {
        return McpCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                env, authorizer);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private void signIn(String key, String resource) {
        ledger.save(key, Json.object().put("resource", resource).put("access_token", TOKEN).put("refresh_token", TOKEN + "-r"));
    }

    @Test
    void statusListsEachHttpServerAndWhetherItIsSignedInNeverATokenNorAQuery() {
        signIn("k1", "https://api.example.com/mcp?key=hidden");
        signIn("k2", "https://elsewhere.example/mcp");

        assertEquals(0, run(null, "status"));
        assertEquals("""
                github  https://api.example.com/mcp          signed in
                sentry  https://mcp.sentry.example/acme/mcp  not signed in
                """, out());
        assertFalse((out() + err()).contains("SECRET"));
        assertFalse(out().contains("hidden"));
    }

    @Test
    void statusAsJsonParsesAndHoldsTheSameFacts() {
        signIn("k1", "https://api.example.com/mcp?key=hidden");
        assertEquals(0, run(null, "status", "--json"));
        var servers = Json.parse(out()).path("servers");
        assertEquals(2, servers.size(), out());
        assertEquals("github", servers.get(0).path("name").asString());
        assertEquals("https://api.example.com/mcp", servers.get(0).path("url").asString(), "no query: " + out());
        assertTrue(servers.get(0).path("signedIn").asBoolean());
        assertEquals("sentry", servers.get(1).path("name").asString());
        assertFalse(servers.get(1).path("signedIn").asBoolean());
        assertFalse(out().contains("SECRET") || out().contains("hidden"), out());

        out.reset();
        assertEquals(0, run(null, "status", "sentry", "--json"));
        assertEquals(1, Json.parse(out()).path("servers").size(), out());
    }

    @Test
    void statusOfOneServer() {
        signIn("k", "https://mcp.sentry.example/acme/mcp");
        assertEquals(0, run(null, "status", "sentry"));
        assertEquals("sentry  https://mcp.sentry.example/acme/mcp  signed in\n", out());
    }

    @Test
    void logoutDeletesOnlyThatServersRecords() {
        signIn("k1", "https://api.example.com/mcp?key=hidden");
        signIn("k2", "https://mcp.sentry.example/acme/mcp");
        ledger.save("registration", Json.object().put("issuer", "https://as.example").put("client_id", "c"));

        assertEquals(0, run(null, "logout", "github"));
        assertEquals("Signed out of github (1 record removed).\n", out());
        assertEquals(List.of("k2", "registration"), ledger.keys());

        out.reset();
        assertEquals(0, run(null, "logout", "github"));
        assertEquals("github was not signed in.\n", out());
    }

    @Test
    void logoutWithoutAServerEmptiesTheLedger() {
        signIn("k1", "https://api.example.com/mcp?key=hidden");
        signIn("k2", "https://mcp.sentry.example/acme/mcp");
        assertEquals(0, run(null, "logout"));
        assertEquals("Signed out of every server (2 records removed from " + ledger.file() + ").\n", out());
        assertEquals(List.of(), ledger.keys());
        assertFalse(out().contains("SECRET"));
    }

    @Test
    void loginWithoutTheOAuthCoreSaysSoAndExits2() {
        assertEquals(2, run(null, "login", "github"));
        assertEquals("tether: OAuth login is not available in this build\n", err());
        assertEquals("", out());
        assertEquals(List.of(), ledger.keys());
    }

    @Test
    void theShippedLoginReallyConnectsAndFailsReadablyWhenTheServerIsUnreachable() throws Exception {
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        Files.writeString(home.resolve("config/tether/config.json"),
                "{\"mcpServers\":{\"gone\":{\"type\":\"http\",\"url\":\"http://127.0.0.1:" + port + "/mcp\"}}}");
        assertEquals(1, McpCommand.run(new String[] {"login", "gone"}, out, new PrintStream(err, true, StandardCharsets.UTF_8), env));
        assertTrue(err().contains("could not sign in to gone"), err());
        assertEquals(List.of(), ledger.keys());
    }

    @Test
    void loginHandsTheExpandedServerAndTheHostLedgerToTheAuthorizer() {
        List<McpServerSpec.Http> asked = new ArrayList<>();
        McpCommand.Authorizer core = (server, spec, prompts, store) -> {
            asked.add(spec);
            store.save("k", Json.object().put("resource", spec.url()).put("access_token", TOKEN));
        };
        assertEquals(0, run(core, "login", "sentry"));
        assertEquals(List.of(new McpServerSpec.Http("sentry", "https://mcp.sentry.example/acme/mcp", Map.of(),
                McpServerSpec.Origin.USER_CONFIG)), asked);
        assertEquals("Signed in to sentry.\n", out());
        assertEquals(List.of("k"), ledger.keys());
    }

    @Test
    void aFailedLoginIsReadableAndExits1() {
        assertEquals(1, run((server, spec, prompts, store) -> {
            throw new AuthException("the user declined to sign in to github");
        }, "login", "github"));
        assertEquals("tether: sign-in to github failed: the user declined to sign in to github\n", err());
    }

    @Test
    void unknownAndStdioServersAndBadUsageAreRefused() {
        assertEquals(2, run(null, "status", "nope"));
        assertEquals(2, run(null, "login", "local"));
        assertEquals(2, run(null, "login"));
        assertEquals(2, run(null, "frobnicate"));
        assertEquals("""
                tether: no MCP server named "nope" in %s or the local scope of %s
                tether: MCP server "local" is not an HTTP server; OAuth sign-in is for HTTP servers
                usage: tether mcp login <server>
                %s
                """.formatted(home.resolve("config/tether/config.json"), dev.tether.config.sources.ProjectChoices.projectKey(Path.of("")),
                McpCommand.USAGE), err());
        assertTrue(McpCommand.USAGE.contains("add [--transport stdio|http|sse|ws] [--scope local|project|user]"), McpCommand.USAGE);
    }

    @Test
    void anUnsafeLedgerIsARefusalNotACrash() throws IOException {
        signIn("k1", "https://api.example.com/mcp");
        Files.setPosixFilePermissions(ledger.file(), java.nio.file.attribute.PosixFilePermissions.fromString("rw-rw-rw-"));
        assertEquals(1, run(null, "status"));
        assertEquals("tether: refusing to use " + ledger.file() + ": its mode is rw-rw-rw-, it must be rw------- (run chmod 600 "
                + ledger.file() + ")\n", err());
    }

    @Test
    void noHttpServers() throws IOException {
        Files.writeString(home.resolve("config/tether/config.json"), "{}");
        assertEquals(0, run(null, "status"));
        assertEquals("No HTTP MCP servers in " + home.resolve("config/tether/config.json") + " or the local scope of this directory.\n",
                out());
    }
}
