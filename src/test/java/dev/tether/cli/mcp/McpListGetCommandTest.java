package dev.tether.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.reference.ReferenceServer;
import dev.tether.testing.mcp.McpTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code tether mcp list} and {@code get} on temp dirs: every scope with its file and status (enabled,
 * disabled, blocked by the managed policy, waiting for approval), the {@code --json} shapes, secrets
 * masked in {@code get}, and {@code --check} connecting for real to what would start — and to nothing
 * that waits for approval.
 */
class McpListGetCommandTest {
    @TempDir
    Path root;
    McpCliRun cli;
    Path project;

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(root.resolve("project"));
        cli = new McpCliRun(root, project, Map.of("DOCS_TOKEN", "real-token-value-123"));
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {\"orders\": {\"command\": \"orders-server\", \"args\": [\"--db\", \"x\"]}}}");
        Files.writeString(root.resolve("managed-settings.json"), "{\"deniedMcpServers\": [{\"serverName\": \"evil\"}]}");
    }

    @Test
    void listShowsEachServersScopeFileTypeTargetAndStatus() {
        assertEquals(0, cli.run("add", "-s", "user", "-t", "http", "docs", "https://docs.example.com/mcp?api_key=abc&page=2"));
        assertEquals(0, cli.run("add", "-s", "user", "evil", "--", "evil-server"));
        assertEquals(0, cli.run("add", "notes", "--", "notes-server", "--verbose"));
        assertEquals(0, cli.run("add", "-s", "user", "off", "--", "off-server"));
        assertEquals(0, cli.run("disable", "off"));

        assertEquals(0, cli.run("list"));
        String listed = cli.out();
        String project = this.project.resolve(".mcp.json").toString();
        String real = realProject();
        assertEquals("""
                orders  project  stdio  orders-server --db x  — needs approval
                    %s: not approved for this project yet; you are asked at your next prompt, or run `tether mcp approve orders` in %s
                docs    user     http   https://docs.example.com/mcp?api_key=****&page=2  — enabled
                    %s
                evil    user     stdio  evil-server  — blocked
                    %s: %s
                off     user     -        — disabled
                    %s: disabled ("disabled": true in %s)
                notes   local    stdio  notes-server --verbose  — enabled
                    %s
                """.formatted(project, real, cli.userConfig(), cli.userConfig(), blockedWhy(), cli.userConfig(), cli.userConfig(),
                cli.localStore()), listed);
    }

    @Test
    void listJsonHasStableFieldsForScripts() throws Exception {
        assertEquals(0, cli.run("add", "notes", "-e", "K=v", "--", "notes-server"));
        assertEquals(0, cli.run("list", "--json"));
        JsonNode listed = Json.parse(cli.out());
        assertEquals(Json.parse("""
                {"servers": [
                  {"name": "orders", "scope": "project", "file": %s, "type": "stdio", "command": "orders-server", "args": ["--db", "x"],
                   "status": "needs-approval", "reason": %s},
                  {"name": "notes", "scope": "local", "file": %s, "type": "stdio", "command": "notes-server", "args": [],
                   "status": "enabled", "reason": null}],
                 "warnings": []}
                """.formatted(Json.write(project.resolve(".mcp.json").toString()), Json.write(listed.at("/servers/0/reason").asString()),
                Json.write(cli.localStore().toString()))), listed);

        assertEquals(0, cli.run("approve", "orders"));
        assertEquals(0, cli.run("list", "--json"));
        assertEquals("approved", Json.parse(cli.out()).at("/servers/0/status").asString());
    }

    @Test
    void getShowsOneServerInFullWithSecretsMasked() throws Exception {
        assertEquals(0, cli.run("add-json", "-s", "user", "docs", """
                {"type": "http", "url": "https://user:hunter2@docs.example.com/mcp?token=abc",
                 "headers": {"Authorization": "Bearer ${DOCS_TOKEN}", "X-Api-Key": "literal-secret", "Accept-Language": "en"}}"""));
        assertEquals(0, cli.run("add", "-e", "API_KEY=sk-literal", "-e", "GITHUB_TOKEN=${GITHUB_TOKEN}", "-e", "LOG=debug", "gh", "--", "gh-mcp"));

        assertEquals(0, cli.run("get", "docs", "--json"));
        assertEquals(Json.parse("""
                {"name": "docs", "scope": "user", "file": %s, "type": "http",
                 "url": "https://user:****@docs.example.com/mcp?token=****", "status": "blocked",
                 "reason": %s,
                 "headers": {"Accept-Language": "en", "Authorization": "Bearer ${DOCS_TOKEN}", "X-Api-Key": "****"}}
                """.formatted(Json.write(cli.userConfig().toString()), Json.write("blocked by the managed policy ("
                        + root.resolve("managed-settings.json") + "): its URL carries user info (user@host), which Tether never"
                        + " sends and which only makes a URL read as another host; remove it (credentials go in headers or OAuth)"))),
                Json.parse(cli.out()));

        assertEquals(0, cli.run("get", "gh"));
        assertEquals("""
                gh:
                  Scope: local (%s)
                  Status: enabled
                  Type: stdio
                  Command: gh-mcp
                  Args:\s
                  Environment:
                    API_KEY=****
                    GITHUB_TOKEN=${GITHUB_TOKEN}
                    LOG=debug
                  To remove it: tether mcp remove --scope local gh
                """.formatted(cli.localStore()), cli.out());
        assertFalse(cli.out().contains("sk-literal") || cli.out().contains("real-token-value"));

        assertEquals(1, cli.run("get", "nope"));
        assertTrue(cli.err().startsWith("tether: no MCP server named \"nope\""), cli.err());
    }

    @Test
    void checkConnectsToWhatWouldStartAndNeverToAServerAwaitingApproval() throws Exception {
        McpServerSpec.Stdio reference = McpTestSupport.javaServer("shop", ReferenceServer.class, Map.of(), "stdio");
        List<String> add = new ArrayList<>(List.of("add", "shop", "--", reference.command()));
        add.addAll(reference.args());
        assertEquals(0, cli.run(add.toArray(String[]::new)));
        assertEquals(0, cli.run("add", "broken", "--", root.resolve("no-such-program").toString()));
        Path marker = root.resolve("started");
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {\"orders\": {\"command\": \"sh\", \"args\": [\"-c\", \"touch "
                + marker + "\"]}}}");

        assertEquals(0, cli.run("list", "--json", "--check"));
        JsonNode servers = Json.parse(cli.out()).path("servers");
        assertEquals("needs-approval", servers.path(0).path("status").asString());
        assertTrue(servers.path(0).path("connection").isNull(), servers.toString());
        assertEquals("connected", servers.path(1).at("/connection/state").asString(), servers.toString());
        assertTrue(servers.path(1).at("/connection/tools").asInt() > 0, servers.toString());
        assertEquals("failed", servers.path(2).at("/connection/state").asString(), servers.toString());
        assertFalse(Files.exists(marker), "an unapproved project server is never started");

        assertEquals(0, cli.run("list", "--check"));
        assertTrue(cli.out().contains("— enabled, connected ("), cli.out());
        assertTrue(cli.out().contains("— enabled, failed: "), cli.out());
    }

    @Test
    void anHttpServerAddedInTheLocalScopeIsOneToSignInTo() {
        assertEquals(0, cli.run("add", "sentry", "https://mcp.sentry.example/mcp"));
        assertEquals(0, cli.run("status"));
        assertEquals("sentry  https://mcp.sentry.example/mcp  not signed in\n", cli.out());
        assertEquals(2, cli.run("login", "orders"), "a project server is not one of the user's own");
    }

    private String realProject() {
        try {
            return project.toRealPath().toString();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private String blockedWhy() {
        cli.run("get", "--json", "evil");
        return Json.parse(cli.out()).path("reason").asString();
    }
}
