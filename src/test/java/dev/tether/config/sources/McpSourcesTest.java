package dev.tether.config.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.policy.ManagedPolicy;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Which server of a name a session gets: a table over the sources (outer and inner .mcp.json, the
 * user config, the editor, --mcp-config, managed settings), --strict-mcp-config and the exclusive
 * managed mode; then approval states, reserved names and disabled entries.
 */
class McpSourcesTest {
    @TempDir
    Path dir;
    Path repo;
    Path cwd;

    @BeforeEach
    void layout() throws Exception {
        repo = Files.createDirectories(dir.resolve("repo"));
        // The outer .mcp.json is the project root's: a repository (files above the root are never read).
        Files.createDirectories(repo.resolve(".git"));
        cwd = Files.createDirectories(repo.resolve("sub"));
    }

    /** Where "s" is declared (its command names the source), the flags, and the winner ("source:command", or "none"). */
    static Stream<Arguments> precedence() {
        return Stream.of(
                Arguments.of("outer", null, null, null, null, null, "", "WORKSPACE:outer"),
                Arguments.of("outer", "inner", null, null, null, null, "", "WORKSPACE:inner"),
                Arguments.of(null, "inner", "user", null, null, null, "", "USER_CONFIG:user"),
                Arguments.of(null, null, "user", "editor", null, null, "", "EDITOR:editor"),
                Arguments.of("outer", "inner", "user", "editor", "cli", null, "", "COMMAND_LINE:cli"),
                Arguments.of("outer", "inner", "user", "editor", "cli", null, "strict", "COMMAND_LINE:cli"),
                Arguments.of("outer", "inner", "user", "editor", null, null, "strict", "none"),
                Arguments.of(null, null, "user", "editor", "cli", "managed", "", "MANAGED:managed"),
                Arguments.of(null, null, "user", "editor", "cli", "managed", "exclusive", "MANAGED:managed"),
                Arguments.of(null, null, "user", "editor", "cli", null, "exclusive", "none"));
    }

    @ParameterizedTest(name = "{7} ← outer={0} inner={1} user={2} editor={3} cli={4} managed={5} {6}")
    @MethodSource("precedence")
    void laterSourcesWinByName(String outer, String inner, String user, String editor, String cli, String managed, String flags,
                               String winner) throws Exception {
        if (outer != null) {
            Files.writeString(repo.resolve(".mcp.json"), servers("s", outer));
        }
        if (inner != null) {
            Files.writeString(cwd.resolve(".mcp.json"), servers("s", inner));
        }
        String config = "{\"enableAllProjectMcpServers\": true" + (user == null ? "" : ", " + servers("s", user).substring(1, servers("s", user).length() - 1)) + "}";
        List<String> args = new ArrayList<>();
        if (cli != null) {
            args.addAll(List.of("--mcp-config", servers("s", cli)));
        }
        if (flags.equals("strict")) {
            args.add("--strict-mcp-config");
        }
        String managedJson = flags.equals("exclusive") ? "{\"exclusiveMcpServers\": true" : "{\"deniedMcpServers\": []";
        managedJson += managed == null ? "}" : ", " + servers("s", managed).substring(1);
        List<McpServerSpec> editorServers = editor == null ? List.of() : List.of(new McpServerSpec.Stdio("s", editor, List.of(), Map.of(), null));

        McpSources.Resolution resolution = sources(config, args, managedJson).resolve(cwd, editorServers);

        List<String> got = resolution.entries().stream().filter(e -> e.status() == McpSources.Status.START)
                .map(e -> e.source() + ":" + ((McpServerSpec.Stdio) e.spec()).command()).toList();
        assertEquals(winner.equals("none") ? List.of() : List.of(winner), got);
        assertEquals(List.of(), resolution.warnings());
    }

    static Stream<Arguments> approvals() {
        return Stream.of(
                Arguments.of("{}", null, false, "NEEDS_APPROVAL", "not approved for this project yet"),
                Arguments.of("{\"enableAllProjectMcpServers\": true}", null, false, "START", null),
                Arguments.of("{\"enabledMcpjsonServers\": [\"s\"]}", null, false, "START", null),
                Arguments.of("{\"enableAllProjectMcpServers\": true, \"disabledMcpjsonServers\": [\"s\"]}", null, false, "REJECTED",
                        "disabledMcpjsonServers"),
                Arguments.of("{}", "allow", false, "START", null),
                Arguments.of("{}", "allow", true, "NEEDS_APPROVAL", "changed since you approved it"),
                Arguments.of("{}", "reject", false, "REJECTED", "you rejected it for this project"),
                Arguments.of("{\"enabledMcpjsonServers\": [\"s\"]}", "reject", false, "REJECTED", "you rejected it"));
    }

    @ParameterizedTest(name = "{0} stored={1} changed={2} → {3}")
    @MethodSource("approvals")
    void workspaceServersRunOnlyWhenApproved(String config, String stored, boolean changedSince, String status, String why) throws Exception {
        Files.writeString(cwd.resolve(".mcp.json"), servers("s", "first"));
        McpSources sources = sources(config, List.of(), null);
        if (stored != null) {
            McpSources.Entry entry = sources.resolve(cwd, List.of()).entries().getFirst();
            sources.choices().record(cwd, "s", stored.equals("allow") ? ProjectChoices.Decision.ALLOW : ProjectChoices.Decision.REJECT,
                    stored.equals("allow") ? entry.fingerprint() : null);
        }
        if (changedSince) {
            Files.writeString(cwd.resolve(".mcp.json"), "{\"mcpServers\": {\"s\": {\"command\": \"first\", \"args\": [\"--evil\"]}}}");
        }
        McpSources.Entry entry = sources.resolve(cwd, List.of()).entries().getFirst();
        assertEquals(status, entry.status().name());
        if (why != null) {
            assertTrue(entry.why().contains(why), entry.why());
        }
        if (status.equals("NEEDS_APPROVAL") || status.equals("REJECTED") && stored != null) {
            assertTrue(entry.why().contains("tether mcp approve s"), "says how to approve: " + entry.why());
        }
    }

    @Test
    void reservedNamesAreRefusedWithAWarningFromEverySource() throws Exception {
        List<McpServerSpec> editor = Stream.of("mcp", "search", "a__b", "mcp_tools", "Tether", "github")
                .<McpServerSpec>map(n -> new McpServerSpec.Stdio(n, "x", List.of(), Map.of(), null)).toList();
        McpSources.Resolution resolution = sources("{}", List.of(), null).resolve(cwd, editor);
        // A built-in tool's name is a fine server name: its tools are mcp__search__*, never "search".
        assertEquals(List.of("search", "github"), resolution.entries().stream().map(McpSources.Entry::name).toList());
        assertEquals(4, resolution.warnings().size());
        assertTrue(resolution.warnings().getFirst().text().contains("\"mcp\" is reserved"), resolution.warnings().toString());
        assertEquals("a__b", resolution.warnings().get(1).entry());
    }

    @Test
    void aDisabledEntryInTheUserConfigTurnsOffTheEditorsServerAndIsListedAsDisabled() throws Exception {
        McpSources.Resolution resolution = sources("{\"mcpServers\": {\"docs\": {\"disabled\": true}}}", List.of(), null)
                .resolve(cwd, List.of(new McpServerSpec.Http("docs", "https://docs.example.com/mcp", Map.of())));
        McpSources.Entry docs = resolution.entries().getFirst();
        assertEquals(McpSources.Status.DISABLED, docs.status());
        assertTrue(docs.why().startsWith("disabled (\"disabled\": true in "), docs.why());
        assertEquals(List.of(), resolution.started());
    }

    @Test
    void theManagedPolicyBlocksTheEditorsServersToo() throws Exception {
        McpSources.Resolution resolution = sources("{}", List.of(), "{\"deniedMcpServers\": [{\"serverUrl\": \"https://docs.example.com/*\"}]}")
                .resolve(cwd, List.of(new McpServerSpec.Http("docs", "https://docs.example.com/mcp", Map.of())));
        assertEquals(McpSources.Status.BLOCKED, resolution.entries().getFirst().status());
        assertTrue(resolution.entries().getFirst().why().contains("deniedMcpServers"));
    }

    @Test
    void aBrokenSourceIsAWarningAndEveryOtherSourceStillApplies() throws Exception {
        Files.writeString(repo.resolve(".mcp.json"), "{\"mcpServers\": ");
        Files.writeString(cwd.resolve(".mcp.json"), servers("inner", "inner"));
        McpSources.Resolution resolution = sources("{\"enableAllProjectMcpServers\": true, \"mcpServers\": {\"bad\": 3, \"user\": {\"command\": \"u\"}}}",
                List.of("--mcp-config", dir.resolve("missing.json").toString(), "--mcp-config", servers("cli", "c")), null)
                .resolve(cwd, List.of());
        assertEquals(List.of("inner", "user", "cli"), resolution.started().stream().map(McpServerSpec::name).toList());
        List<String> warnings = resolution.warnings().stream().map(ConfigWarning::text).toList();
        assertEquals(3, warnings.size(), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("server \"bad\" must be an object")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("missing.json")), warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith(repo.resolve(".mcp.json") + " is not valid JSON")), warnings.toString());
    }

    private static String servers(String name, String command) {
        return "{\"mcpServers\": {\"" + name + "\": {\"command\": \"" + command + "\"}}}";
    }

    private McpSources sources(String config, List<String> args, String managedJson) throws Exception {
        ManagedPolicy managed = ManagedPolicy.NONE;
        if (managedJson != null) {
            Path file = dir.resolve("managed.json");
            Files.writeString(file, managedJson);
            managed = ManagedPolicy.load(file);
        }
        Map<String, String> env = Map.of("HOME", dir.resolve("home").toString(), "XDG_STATE_HOME", dir.resolve("state").toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString());
        TetherPaths paths = TetherPaths.from(env);
        TetherSettings settings = SettingsLoader.resolve(Json.parse(config), env, SettingsLoader.commandLine(args.toArray(String[]::new), dir),
                paths, managed);
        return new McpSources(settings.mcp(), ProjectChoices.in(paths), Map.of());
    }
}
