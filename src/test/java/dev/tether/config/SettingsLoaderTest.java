package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
import dev.tether.config.mcp.McpRuntimeConfig;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.tools.ProtectedPaths;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One loader, three sources: which one wins for each setting, and what a bad value in each section does. */
class SettingsLoaderTest {
    @TempDir
    Path dir;

    /** The parts of the tree a row looks at. */
    record View(String provider, String model, int maxTokens, List<String> servers, String logLevelOfB, boolean strict, Path stateDir) {}

    record Row(String name, Map<String, String> env, String file, List<String> args, View expected) {}

    private static final String TWO_SERVERS = """
            {"provider": "openai", "model": "m-file", "maxTokens": 100,
             "mcpServers": {"a": {"command": "x"}, "b": {"command": "y", "logLevel": "error"}}}""";
    private static final String FLAG_SERVER = "{\"mcpServers\": {\"b\": {\"command\": \"z\", \"logLevel\": \"debug\"}}}";

    @Test
    void environmentWinsOverTheFileAndTheCommandLineWinsForServers() throws Exception {
        Row[] rows = {
                new Row("nothing set", Map.of(), "{}", List.of(),
                        new View("none", null, 8192, List.of(), null, false, home(".local/state/tether"))),
                new Row("the file chooses", Map.of(), TWO_SERVERS, List.of(),
                        new View("openai", "m-file", 100, List.of("a", "b"), "error", false, home(".local/state/tether"))),
                new Row("the environment wins over the file", Map.of("TETHER_MODEL", "m-env", "TETHER_MAX_TOKENS", "50",
                        "XDG_STATE_HOME", dir.resolve("state").toString()), TWO_SERVERS, List.of(),
                        new View("openai", "m-env", 50, List.of("a", "b"), "error", false, dir.resolve("state/tether"))),
                new Row("--mcp-config comes after the file's servers", Map.of(), TWO_SERVERS, List.of("--mcp-config", FLAG_SERVER),
                        new View("openai", "m-file", 100, List.of("a", "b", "b"), "debug", false, home(".local/state/tether"))),
                new Row("--strict-mcp-config keeps only the command line", Map.of(), TWO_SERVERS,
                        List.of("--strict-mcp-config", "--mcp-config", FLAG_SERVER),
                        new View("openai", "m-file", 100, List.of("b"), "debug", true, home(".local/state/tether"))),
        };
        for (Row row : rows) {
            assertEquals(row.expected(), view(load(row.env(), row.file(), row.args())), row.name());
        }
    }

    @Test
    void aBadValueInTheFileOrEnvironmentIsReportedOrIgnoredSectionBySection() throws Exception {
        TetherSettings provider = load(Map.of("TETHER_PROVIDER", "gemini"), "{}", List.of());
        assertNull(provider.model().provider());
        assertEquals("Configuration error: TETHER_PROVIDER (environment) is \"gemini\", which is not a model provider Tether knows:"
                + " expected anthropic, openai or scripted.", provider.model().problem());
        TetherSettings inFile = load(Map.of(), "{\"provider\": \"gemini\"}", List.of());
        assertEquals("Configuration error: \"provider\" in " + dir.resolve("config/tether/config.json") + " is \"gemini\", which is not"
                + " a model provider Tether knows: expected anthropic, openai or scripted.", inFile.model().problem());

        TetherSettings tokens = load(Map.of("ANTHROPIC_API_KEY", "k"), "{\"maxTokens\": \"big\"}", List.of());
        assertEquals(8192, tokens.model().provider().maxTokens(), "a bad maxTokens keeps the default and the provider");
        assertEquals(List.of("\"maxTokens\" in " + dir.resolve("config/tether/config.json") + " is \"big\", not a positive whole number;"
                + " using the default 8192"), tokens.mcp().warnings().stream().map(ConfigWarning::text).toList(),
                "the warning names the key and the file, and reaches sessions and tether mcp list with the others");
        assertEquals(List.of("TETHER_MAX_TOKENS (environment) is \"-1\", not a positive whole number; using the default 8192"),
                load(Map.of("TETHER_MAX_TOKENS", "-1"), "{}", List.of()).mcp().warnings().stream().map(ConfigWarning::text).toList());

        TetherSettings tools = load(Map.of(), "{\"tools\": {\"deny\": [\"x\"], \"protectedPaths\": [\"\"]}}", List.of());
        assertEquals(ProtectedPaths.DEFAULT_GLOBS, tools.tools().protectedPaths().globs(), "bad protected paths keep the defaults");
        assertEquals(List.of("x"), tools.tools().deny());

        TetherSettings servers = load(Map.of(), "{\"mcpServers\": {\"x\": 3}}", List.of());
        assertEquals(McpConfig.Declared.NONE, servers.mcp().declared(), "a broken server list is skipped, not a failed start");

        TetherSettings runtime = load(Map.of(), "{\"mcp\": {\"connectTimeoutSeconds\": 0, \"callIdleSeconds\": 5}}", List.of());
        assertEquals(new McpRuntimeConfig(null, null, null, 5, null, null, null, null), runtime.mcp().runtime(), "only the bad key falls back");

        assertTrue(load(Map.of(), "{\"oauth\": {\"rememberSignIns\": true}}", List.of()).mcp().rememberSignIns());
        assertFalse(load(Map.of(), "{\"oauth\": {\"rememberSignIns\": \"yes\"}}", List.of()).mcp().rememberSignIns(),
                "anything but true keeps sign-ins in memory");

        assertEquals(List.of(), load(Map.of(), "{\"secrets\": {\"env\": \"TOKEN\"}}", List.of()).secretEnvNames());

        assertEquals(home(".local/state/tether"),
                load(Map.of("XDG_STATE_HOME", "relative/state"), "{}", List.of()).paths().stateDir(), "relative XDG paths are ignored");

        TetherSettings notJson = load(Map.of(), "{not json", List.of());
        assertEquals("none", notJson.model().provider().provider(), "an unreadable config file is an empty one");
    }

    @Test
    void anUnknownOptionAndABadMcpConfigAreWarnings() throws Exception {
        assertEquals(List.of("unknown option \"--mcp-conifg\"; did you mean \"--mcp-config\"?; ignoring it (the editor's agent settings hold"
                        + " the command line; tether acp --help lists the options)"),
                load(Map.of(), "{}", List.of("--mcp-conifg")).mcp().warnings().stream().map(ConfigWarning::text).toList(),
                "an unknown option is a warning the editor hears, not a start that never answers");
        TetherSettings missing = load(Map.of(), "{}", List.of("--mcp-config"));
        assertEquals(List.of("--mcp-config needs a file or a JSON object; ignoring it"),
                missing.mcp().warnings().stream().map(ConfigWarning::text).toList());
        TetherSettings broken = load(Map.of(), "{}", List.of("--mcp-config", "{broken", "--mcp-config",
                "{\"mcpServers\": {\"ok\": {\"command\": \"ok-server\"}}}"));
        assertEquals(List.of("--mcp-config is not valid JSON (line 1); ignoring it"),
                broken.mcp().warnings().stream().map(ConfigWarning::text).toList());
        assertEquals(List.of("ok"), broken.mcp().declared().servers().stream().map(McpServerSpec::name).toList(),
                "the good --mcp-config still counts");
    }

    private Path home(String relative) {
        return dir.resolve("home").resolve(relative);
    }

    /** Writes {@code file} as the XDG config file and loads the settings as {@code tether acp} would. */
    private TetherSettings load(Map<String, String> env, String file, List<String> args) throws Exception {
        Path configDir = Files.createDirectories(dir.resolve("config/tether"));
        Files.writeString(configDir.resolve("config.json"), file);
        Map<String, String> all = new HashMap<>(env);
        all.put("HOME", dir.resolve("home").toString());
        all.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
        all.putIfAbsent("TETHER_MANAGED_SETTINGS", dir.resolve("no-managed-settings.json").toString());
        return SettingsLoader.load(args.toArray(String[]::new), all, dir);
    }

    private static View view(TetherSettings settings) {
        var b = settings.mcp().declared().policies().get("b");
        return new View(settings.model().provider().provider(), settings.model().provider().model(),
                settings.model().provider().maxTokens(), settings.mcp().declared().servers().stream().map(McpServerSpec::name).toList(),
                b == null ? null : b.logLevel(), settings.mcp().strict(), settings.paths().stateDir());
    }
}
