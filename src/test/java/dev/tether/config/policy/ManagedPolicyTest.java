package dev.tether.config.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.transport.VariableExpansion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The administrator's allow and deny lists: a table of policies and servers, and a broken file that fails safe. */
class ManagedPolicyTest {
    @TempDir
    Path dir;

    private static final McpServerSpec GITHUB = new McpServerSpec.Stdio("github", "npx", List.of("-y", "github-mcp"), Map.of(), null,
            McpServerSpec.Origin.USER_CONFIG);
    private static final McpServerSpec OTHER = new McpServerSpec.Stdio("other", "other-server", List.of(), Map.of(), null,
            McpServerSpec.Origin.USER_CONFIG);
    private static final McpServerSpec DOCS = new McpServerSpec.Http("docs", "https://mcp.docs.example.com/mcp", Map.of(),
            McpServerSpec.Origin.EDITOR);
    private static final McpServerSpec EVIL = new McpServerSpec.Http("harmless", "HTTPS://MCP.EVIL.COM/mcp", Map.of(),
            McpServerSpec.Origin.EDITOR);
    private static final McpServerSpec HIDDEN = new McpServerSpec.Stdio("hidden", "npx", List.of("-y", "${PKG}"), Map.of(), null,
            McpServerSpec.Origin.USER_CONFIG);
    private static final McpServerSpec SOCKET = new McpServerSpec.WebSocket("live", "wss://ws.docs.example.com/mcp", Map.of(),
            McpServerSpec.Origin.USER_CONFIG);

    /** Where the servers start: {@code npx} and {@code other-server} are programs on its PATH. */
    private LaunchContext here;

    @BeforeEach
    void programs() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String program : List.of("npx", "other-server")) {
            Files.writeString(bin.resolve(program), "#!/bin/sh\n");
            Files.setPosixFilePermissions(bin.resolve(program), java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        here = new LaunchContext(dir, Map.of("PATH", bin.toString()));
    }

    static Stream<Arguments> table() {
        return Stream.of(
                Arguments.of("no lists allow everything", "{}", GITHUB, true),
                Arguments.of("deny by name", "{\"deniedMcpServers\": [{\"serverName\": \"github\"}]}", GITHUB, false),
                Arguments.of("deny by name leaves others", "{\"deniedMcpServers\": [{\"serverName\": \"github\"}]}", OTHER, true),
                Arguments.of("deny by exact command", "{\"deniedMcpServers\": [{\"serverCommand\": [\"npx\", \"-y\", \"github-mcp\"]}]}", GITHUB, false),
                Arguments.of("a command with another package is not that command",
                        "{\"deniedMcpServers\": [{\"serverCommand\": [\"npx\", \"-y\", \"other-mcp\"]}]}", GITHUB, true),
                Arguments.of("a deny rule's words may have others between them",
                        "{\"deniedMcpServers\": [{\"serverCommand\": [\"npx\", \"github-mcp\"]}]}", GITHUB, false),
                Arguments.of("deny by URL glob, ignoring case", "{\"deniedMcpServers\": [{\"serverUrl\": \"https://*.evil.com/*\"}]}", EVIL, false),
                Arguments.of("a ${VAR} cannot hide a denied command",
                        "{\"deniedMcpServers\": [{\"serverCommand\": [\"npx\", \"-y\", \"evil-pkg\"]}]}", HIDDEN, false),
                Arguments.of("an empty allow list denies every server", "{\"allowedMcpServers\": []}", OTHER, false),
                Arguments.of("an empty allow list denies editor servers too", "{\"allowedMcpServers\": []}", DOCS, false),
                Arguments.of("allowed by name", "{\"allowedMcpServers\": [{\"serverName\": \"github\"}]}", GITHUB, true),
                Arguments.of("not on the allow list", "{\"allowedMcpServers\": [{\"serverName\": \"github\"}]}", OTHER, false),
                Arguments.of("deny wins over allow", "{\"allowedMcpServers\": [{\"serverName\": \"github\"}],"
                        + " \"deniedMcpServers\": [{\"serverName\": \"github\"}]}", GITHUB, false),
                Arguments.of("with command entries a stdio server must match a command, not its name",
                        "{\"allowedMcpServers\": [{\"serverName\": \"github\"}, {\"serverCommand\": [\"other-server\"]}]}", GITHUB, false),
                Arguments.of("a matching command is allowed", "{\"allowedMcpServers\": [{\"serverCommand\": [\"other-server\"]}]}", OTHER, true),
                Arguments.of("command entries do not restrict remote servers by name",
                        "{\"allowedMcpServers\": [{\"serverName\": \"docs\"}, {\"serverCommand\": [\"other-server\"]}]}", DOCS, true),
                Arguments.of("with URL entries a remote server must match a URL, not its name",
                        "{\"allowedMcpServers\": [{\"serverName\": \"docs\"}, {\"serverUrl\": \"https://*.corp.example/*\"}]}", DOCS, false),
                Arguments.of("a matching URL glob is allowed", "{\"allowedMcpServers\": [{\"serverUrl\": \"https://*.docs.example.com/*\"}]}", DOCS, true),
                Arguments.of("URL rules cover WebSocket servers", "{\"allowedMcpServers\": [{\"serverUrl\": \"https://*\"}]}", SOCKET, false));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("table")
    void policyTable(String title, String json, McpServerSpec server, boolean allowed) throws Exception {
        ManagedPolicy policy = managed(json);
        McpServerSpec expanded = VariableExpansion.expand(server, Map.of("PKG", "evil-pkg")).spec();
        String blocked = policy.blocked(server, expanded, here);
        assertEquals(allowed, blocked == null, title + ": " + blocked);
        if (blocked != null) {
            assertTrue(blocked.startsWith("blocked by the managed policy"), blocked);
        }
    }

    static Stream<Arguments> brokenFiles() {
        return Stream.of(
                Arguments.of("not JSON", "{\"deniedMcpServers\": ["),
                Arguments.of("not an object", "[]"),
                Arguments.of("a deny entry with two keys", "{\"deniedMcpServers\": [{\"serverName\": \"x\", \"serverUrl\": \"y\"}]}"),
                Arguments.of("a deny list that is not a list", "{\"deniedMcpServers\": {\"serverName\": \"x\"}}"),
                Arguments.of("an allow list that is not a list", "{\"allowedMcpServers\": \"github\"}"),
                Arguments.of("exclusive that is not a boolean", "{\"exclusiveMcpServers\": \"yes\"}"),
                Arguments.of("a deny entry that lists variables (only allow entries can)",
                        "{\"deniedMcpServers\": [{\"serverCommand\": [\"npx\"], \"serverEnv\": {\"NODE_OPTIONS\": \"x\"}}]}"),
                Arguments.of("a deny entry with an unknown key", "{\"deniedMcpServers\": [{\"serverName\": \"x\", \"note\": \"y\"}]}"),
                Arguments.of("a deny URL that is not scheme://host", "{\"deniedMcpServers\": [{\"serverUrl\": \"evil.example\"}]}"),
                Arguments.of("a deny URL with user info", "{\"deniedMcpServers\": [{\"serverUrl\": \"https://me@evil.example/*\"}]}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenFiles")
    void aBrokenManagedFileBlocksEveryServerAndSaysWhy(String title, String json) throws Exception {
        ManagedPolicy policy = managed(json);
        String blocked = policy.blocked(OTHER, OTHER, here);
        assertTrue(blocked != null && blocked.contains(dir.resolve("managed-settings.json").toString()), title + ": " + blocked);
        assertTrue(blocked.contains("every MCP server is blocked until it is fixed"), blocked);
        assertEquals(1, policy.warnings().size());
    }

    @Test
    void anInvalidAllowEntryAllowsNothingAndTheRestStillApplies() throws Exception {
        ManagedPolicy policy = managed("{\"allowedMcpServers\": [{\"serverCommand\": []}, {\"serverName\": \"github\"}]}");
        assertNull(policy.blocked(GITHUB, GITHUB, here));
        assertTrue(policy.blocked(OTHER, OTHER, here) != null);
        assertTrue(policy.warnings().getFirst().text().contains("it allows nothing"), policy.warnings().toString());
    }

    static Stream<Arguments> invalidAllowEntries() {
        return Stream.of(
                Arguments.of("{\"serverName\": \"github\", \"serverEnv\": {}}", "serverEnv only narrows a serverCommand entry"),
                Arguments.of("{\"serverCommand\": [\"npx\"], \"serverCwd\": \"relative\"}", "serverCwd must be an absolute directory"),
                Arguments.of("{\"serverCommand\": [\"npx\"], \"serverEnv\": {\"X\": 1}}", "serverEnv must be an object of variable names"),
                Arguments.of("{\"serverUrl\": \"https://*.example.com:http/*\"}", "port"),
                Arguments.of("{\"serverUrl\": \"https://0x7f000001/*\"}", "hex"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidAllowEntries")
    void anInvalidAllowEntryIsSkippedWithAWarningThatSaysWhy(String entry, String why) throws Exception {
        ManagedPolicy policy = managed("{\"allowedMcpServers\": [" + entry + ", {\"serverName\": \"github\"}]}");
        assertNull(policy.blocked(GITHUB, GITHUB, here));
        assertTrue(policy.warnings().getFirst().text().contains(why), policy.warnings().toString());
        assertTrue(policy.warnings().getFirst().text().contains("it allows nothing"), policy.warnings().toString());
    }

    @Test
    void aUrlWithUserInfoIsRefusedUnderAnyManagedFileButNotWithoutOne() throws Exception {
        McpServerSpec disguised = new McpServerSpec.Http("docs", "https://docs.example.com@evil.example/mcp", Map.of());
        String blocked = managed("{}").blocked(disguised, disguised, here);
        assertTrue(blocked != null && blocked.contains("user info"), blocked);
        assertNull(ManagedPolicy.NONE.blocked(disguised, disguised, here));
    }

    @Test
    void aUrlThatCannotBeReadIsBlockedOnlyWhenADenyUrlRuleCouldMatchIt() throws Exception {
        McpServerSpec odd = new McpServerSpec.Http("odd", "http://127.1:8080/mcp", Map.of());
        String blocked = managed("{\"deniedMcpServers\": [{\"serverUrl\": \"https://evil.example/*\"}]}").blocked(odd, odd, here);
        assertTrue(blocked != null && blocked.contains("cannot be read"), blocked);
        assertNull(managed("{\"deniedMcpServers\": [{\"serverName\": \"evil\"}]}").blocked(odd, odd, here));
        String notAllowed = managed("{\"allowedMcpServers\": [{\"serverUrl\": \"http://*\"}]}").blocked(odd, odd, here);
        assertTrue(notAllowed != null && notAllowed.contains("not in allowedMcpServers") && notAllowed.contains("cannot be read"), notAllowed);
    }

    @Test
    void aMissingFileIsNoPolicy() {
        assertEquals(ManagedPolicy.NONE, ManagedPolicy.load(dir.resolve("absent.json")));
    }

    @Test
    void theFileIsNamedByTheEnvironmentElseBySystemPathPerOs() {
        assertEquals(Path.of("/tmp/policy.json"), ManagedPolicy.location(Map.of("TETHER_MANAGED_SETTINGS", "/tmp/policy.json"), "Linux"));
        assertEquals(Path.of("/etc/tether/managed-settings.json"), ManagedPolicy.location(Map.of(), "Linux"));
        assertEquals(Path.of("/Library/Application Support/Tether/managed-settings.json"), ManagedPolicy.location(Map.of(), "Mac OS X"));
        assertEquals(Path.of("C:\\ProgramData\\Tether\\managed-settings.json"), ManagedPolicy.location(Map.of(), "Windows 11"));
    }

    private ManagedPolicy managed(String json) throws Exception {
        Path file = dir.resolve("managed-settings.json");
        Files.writeString(file, json);
        return ManagedPolicy.load(file);
    }
}
