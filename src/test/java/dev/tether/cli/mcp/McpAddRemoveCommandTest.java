package dev.tether.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tether mcp add | add-json | remove | enable | disable} end to end on temp dirs: what each
 * scope's file holds afterwards, byte for byte where the rest of the file must stay as it was, that
 * no temporary file is left, and the exit codes and messages of the mistakes users make.
 */
class McpAddRemoveCommandTest {
    @TempDir
    Path root;
    McpCliRun cli;
    Path project;

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(root.resolve("project"));
        cli = new McpCliRun(root, project, Map.of());
    }

    @Test
    void projectScopeWritesClaudeCodesFormatAndKeepsTheRestOfTheFile() throws Exception {
        Path mcpJson = project.resolve(".mcp.json");
        Files.writeString(mcpJson, """
                {
                  "zeta": 1.50,
                  "mcpServers": {
                    "first": {
                      "command": "first-server",
                      "custom": [true, null]
                    }
                  },
                  "alpha": "kept"
                }""");

        assertEquals(0, cli.run("add", "--scope", "project", "-e", "API_KEY=${API_KEY}", "orders", "--", "npx", "-y", "orders-mcp", "--port", "1"));
        assertTrue(cli.out().startsWith("Added stdio MCP server \"orders\" to the project scope: " + mcpJson), cli.out());
        assertEquals("""
                {
                  "zeta": 1.50,
                  "mcpServers": {
                    "first": {
                      "command": "first-server",
                      "custom": [
                        true,
                        null
                      ]
                    },
                    "orders": {
                      "type": "stdio",
                      "command": "npx",
                      "args": [
                        "-y",
                        "orders-mcp",
                        "--port",
                        "1"
                      ],
                      "env": {
                        "API_KEY": "${API_KEY}"
                      }
                    }
                  },
                  "alpha": "kept"
                }
                """, Files.readString(mcpJson));
        assertEquals(List.of(".mcp.json"), files(project), "no temporary file is left behind");

        assertEquals(0, cli.run("remove", "orders"));
        assertEquals("Removed MCP server \"orders\" from the project scope: " + mcpJson + "\n", cli.out());
        assertFalse(Files.readString(mcpJson).contains("orders"));
        assertTrue(Files.readString(mcpJson).contains("\"alpha\": \"kept\""));
    }

    @Test
    void userScopeEditsOnlyMcpServersOfTheConfigFile() throws Exception {
        Files.createDirectories(cli.userConfig().getParent());
        Files.writeString(cli.userConfig(), "{\"model\": \"m\", \"mcp\": {\"callIdleSeconds\": 90}, \"tools\": {\"deny\": [\"x\"]}}");

        assertEquals(0, cli.run("add", "--transport", "http", "--scope", "user", "-H", "Authorization: Bearer ${DOCS_TOKEN}", "docs",
                "https://docs.example.com/mcp"));
        assertEquals(0, cli.run("add-json", "-s", "user", "search", "{\"type\": \"sse\", \"url\": \"https://search.example/sse\", \"tasks\": true}"));
        assertEquals("""
                {
                  "model": "m",
                  "mcp": {
                    "callIdleSeconds": 90
                  },
                  "tools": {
                    "deny": [
                      "x"
                    ]
                  },
                  "mcpServers": {
                    "docs": {
                      "type": "http",
                      "url": "https://docs.example.com/mcp",
                      "headers": {
                        "Authorization": "Bearer ${DOCS_TOKEN}"
                      }
                    },
                    "search": {
                      "type": "sse",
                      "url": "https://search.example/sse",
                      "tasks": true
                    }
                  }
                }
                """, Files.readString(cli.userConfig()));
        assertEquals(List.of("config.json"), files(cli.userConfig().getParent()));
    }

    @Test
    void aUrlGivenAsAStdioServerIsRefusedNotSavedAsAProgram() throws Exception {
        assertEquals(2, cli.run("add", "-t", "stdio", "foo", "https://x.example"));
        assertTrue(cli.err().contains("a stdio server takes a command to run (after --), not a URL"), cli.err());
        assertFalse(Files.exists(cli.localStore()) && Files.readString(cli.localStore()).contains("x.example"));
    }

    @Test
    void localScopeIsTheDefaultAndIsPrivateToThisDirectory() throws Exception {
        assertEquals(0, cli.run("add", "notes", "--", "notes-server"));
        assertTrue(cli.out().contains("to the local scope: " + cli.localStore() + " (for " + project.toRealPath() + ")"), cli.out());
        var store = Json.parse(Files.readString(cli.localStore()));
        assertEquals("notes-server", store.path("projects").path(project.toRealPath().toString()).path("mcpServers").path("notes")
                .path("command").asString());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cli.localStore())));
        assertFalse(Files.exists(project.resolve(".mcp.json")), "the project is not touched");

        Path other = Files.createDirectories(root.resolve("other"));
        McpCliRun elsewhere = new McpCliRun(root, other, Map.of());
        assertEquals(0, elsewhere.run("add", "notes", "--", "other-notes"));
        assertEquals(0, elsewhere.run("remove", "notes"));
        assertTrue(Files.readString(cli.localStore()).contains("notes-server"), "removing in another directory leaves this one's");
    }

    @Test
    void inARepositoryEveryDirectoryEditsAndListsTheProjectRootsServers() throws Exception {
        Files.createDirectories(project.resolve(".git"));
        Path deep = Files.createDirectories(project.resolve("src/deep"));
        McpCliRun inDeep = new McpCliRun(root, deep, Map.of());
        String real = project.toRealPath().toString();

        assertEquals(0, inDeep.run("add", "notes", "--", "notes-server"));
        assertTrue(inDeep.out().contains("to the local scope: " + cli.localStore() + " (for " + real + ")"), inDeep.out());
        assertEquals(0, inDeep.run("add", "-s", "project", "orders", "--", "orders-server"));
        assertTrue(inDeep.out().startsWith("Added stdio MCP server \"orders\" to the project scope: " + real + "/.mcp.json"), inDeep.out());
        assertTrue(inDeep.out().contains("Approved for " + real + " since you added it"), inDeep.out());
        assertFalse(Files.exists(deep.resolve(".mcp.json")), "the project's file is the root's");

        McpCliRun atRoot = new McpCliRun(root, project, Map.of());
        assertEquals(0, atRoot.run("list"));
        assertTrue(atRoot.out().contains("notes   local") && atRoot.out().contains("orders  project"), atRoot.out());
        assertFalse(atRoot.out().contains("needs approval"), "approved for the whole project: " + atRoot.out());
        McpCliRun inOther = new McpCliRun(root, Files.createDirectories(project.resolve("docs")), Map.of());
        assertEquals(0, inOther.run("remove", "notes"));
        assertEquals("Removed MCP server \"notes\" from the local scope: " + cli.localStore() + " (for " + real + ")\n", inOther.out());
    }

    @Test
    void aNameThatExistsInTheScopeIsAConflictThatSaysWhatToDo() throws Exception {
        assertEquals(0, cli.run("add", "notes", "--", "notes-server"));
        String before = Files.readString(cli.localStore());
        assertEquals(1, cli.run("add", "notes", "--", "other"));
        assertEquals("tether: an MCP server named \"notes\" already exists in the local scope (" + cli.localStore() + " (for "
                + project.toRealPath() + ")); remove it first with `tether mcp remove --scope local notes`, or pick another name\n", cli.err());
        assertEquals(before, Files.readString(cli.localStore()));
    }

    @Test
    void removeWithoutScopeRefusesANameInSeveralScopesAndNotFoundIsOne() throws Exception {
        assertEquals(0, cli.run("add", "notes", "--", "a"));
        assertEquals(0, cli.run("add", "-s", "user", "notes", "--", "b"));
        assertEquals(1, cli.run("remove", "notes"));
        assertTrue(cli.err().contains("exists in several scopes (local, user); say which with --scope"), cli.err());
        assertEquals(0, cli.run("remove", "--scope=user", "notes"));
        assertEquals(0, cli.run("remove", "notes"));
        assertEquals(1, cli.run("remove", "notes"));
        assertTrue(cli.err().startsWith("tether: no MCP server named \"notes\""), cli.err());
    }

    @Test
    void invalidEntriesAreRefusedWithExitTwoBeforeAnythingIsWritten() throws Exception {
        record Case(List<String> args, String message) {}
        List<Case> cases = List.of(
                new Case(List.of("add", "mcp_tools", "--", "x"), "is reserved for Tether's own tools"),
                new Case(List.of("add", "a__b", "--", "x"), "separates server and tool"),
                new Case(List.of("add", "has space", "--", "x"), "1 to 64 letters, digits"),
                new Case(List.of("add", "-t", "carrier-pigeon", "p", "x"), "--transport takes stdio, http, sse or ws"),
                new Case(List.of("add", "-s", "global", "p", "--", "x"), "--scope takes local, project or user"),
                new Case(List.of("add", "-e", "NOEQUALS", "p", "--", "x"), "-e takes KEY=VALUE"),
                new Case(List.of("add", "-e", "1X=y", "p", "--", "x"), "-e takes KEY=VALUE"),
                new Case(List.of("add", "-t", "http", "-H", "no colon", "p", "https://x.example"), "-H takes \"Name: value\""),
                new Case(List.of("add", "-t", "http", "p", "ftp://x.example"), "must be http://… or https://…"),
                new Case(List.of("add", "-t", "ws", "p", "https://x.example"), "must be ws://… or wss://…"),
                new Case(List.of("add", "-t", "sse", "p", "not a url"), "not a valid URL"),
                new Case(List.of("add", "p", "npx", "-y", "x"), "put the server's command and its options after --"),
                new Case(List.of("add", "p"), "add needs the server's command"),
                new Case(List.of("add", "-e"), "-e needs a value"),
                new Case(List.of("add-json", "p", "{\"type\": \"stdio\"}"), "needs a \"command\""),
                new Case(List.of("add-json", "p", "{\"url\": 3}"), "needs a non-empty \"url\""),
                new Case(List.of("add-json", "p", "{\"type\": \"pigeon\", \"url\": \"https://x\"}"), "unknown type"),
                new Case(List.of("add-json", "p", "[1]"), "must be an object"),
                new Case(List.of("add-json", "p", "{oops"), "not valid JSON"),
                new Case(List.of("add-json", "p", "{\"command\": \"x\", \"sampling\": true}"), "read only from the user config"),
                new Case(List.of("remove"), "remove takes one server name"),
                new Case(List.of("get"), "get takes one server name"));
        for (Case c : cases) {
            assertEquals(2, cli.run(c.args().toArray(String[]::new)), c.args() + ": " + cli.err());
            assertTrue(cli.err().startsWith("tether: ") && cli.err().contains(c.message()), c.args() + " → " + cli.err());
        }
        assertFalse(Files.exists(root.resolve("state/tether")), "nothing was written");
        assertFalse(Files.exists(project.resolve(".mcp.json")));
    }

    @Test
    void aBrokenFileIsNeverOverwritten() throws Exception {
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {");
        assertEquals(1, cli.run("add", "-s", "project", "p", "--", "x"));
        assertTrue(cli.err().contains(".mcp.json is not valid JSON (line 1); fix it first, it was left as it is"), cli.err());
        assertEquals("{\"mcpServers\": {", Files.readString(project.resolve(".mcp.json")));
    }

    @Test
    void disableAndEnableWriteDisabledOnTheEntryThatWins() throws Exception {
        assertEquals(0, cli.run("add", "-s", "user", "notes", "--", "u"));
        assertEquals(0, cli.run("add", "notes", "--", "l"));
        assertEquals(0, cli.run("disable", "notes"));
        assertEquals("Disabled MCP server \"notes\" in the local scope: " + cli.localStore() + " (for " + project.toRealPath() + ")\n",
                cli.out());
        assertEquals(0, cli.run("get", "--json", "notes"));
        assertEquals("disabled", Json.parse(cli.out()).path("status").asString());
        assertFalse(Files.readString(cli.userConfig()).contains("disabled"), "only the winning entry changes");

        assertEquals(0, cli.run("enable", "notes"));
        assertEquals(0, cli.run("get", "--json", "notes"));
        assertEquals("enabled", Json.parse(cli.out()).path("status").asString());
        assertEquals("l", Json.parse(cli.out()).path("command").asString());
        assertEquals(0, cli.run("enable", "notes"));
        assertTrue(cli.out().contains("is not disabled"), cli.out());
    }

    @Test
    void disablingAServerNoScopeDeclaresWritesAPolicyOnlyEntryToTheUserConfig() throws Exception {
        assertEquals(0, cli.run("disable", "github"));
        assertEquals("Disabled \"github\" wherever it is declared (the editor's too): " + cli.userConfig() + "\n", cli.out());
        assertEquals("{\"mcpServers\":{\"github\":{\"disabled\":true}}}", Json.write(Json.parse(Files.readString(cli.userConfig()))));
        assertEquals(0, cli.run("enable", "github"));
        assertEquals("{\"mcpServers\":{}}", Json.write(Json.parse(Files.readString(cli.userConfig()))));
        assertEquals(1, cli.run("enable", "github"));
        assertEquals(1, cli.run("disable", "--scope", "project", "github"));
    }

    private static List<String> files(Path dir) throws Exception {
        try (Stream<Path> list = Files.list(dir)) {
            return list.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
