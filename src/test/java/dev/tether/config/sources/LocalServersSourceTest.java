package dev.tether.config.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The local scope as a session source: it wins over the workspace {@code .mcp.json} and the user
 * config, loses to the editor and {@code --mcp-config}, belongs to one project (the repository
 * holding the directory, else the directory), and cannot carry policy keys.
 */
class LocalServersSourceTest {
    @TempDir
    Path dir;
    Path project;
    TetherPaths paths;
    Map<String, String> env;

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(dir.resolve("project"));
        env = Map.of("HOME", dir.resolve("home").toString(), "XDG_STATE_HOME", dir.resolve("state").toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString());
        paths = TetherPaths.from(env);
        Files.createDirectories(paths.stateDir());
        Files.writeString(paths.stateDir().resolve(LocalServers.FILE_NAME), """
                {"projects": {%s: {"mcpServers": {
                  "s": {"command": "local"},
                  "t": {"command": "local-t", "sampling": true}}}}}
                """.formatted(Json.write(project.toRealPath().toString())));
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {\"s\": {\"command\": \"workspace\"}}}");
    }

    private McpSources.Resolution resolve(Path cwd, String config, List<McpServerSpec> editor, String... args) throws Exception {
        TetherSettings settings = SettingsLoader.resolve(Json.parse(config), env, SettingsLoader.commandLine(args, dir), paths);
        return new McpSources(settings.mcp(), ProjectChoices.in(paths), Map.of()).resolve(cwd, editor);
    }

    private static String winner(McpSources.Resolution resolution, String name) {
        return resolution.entries().stream().filter(e -> e.name().equals(name) && e.status() == McpSources.Status.START)
                .map(e -> e.source() + ":" + ((McpServerSpec.Stdio) e.spec()).command()).findFirst().orElse("none");
    }

    @Test
    void localWinsOverTheProjectFileAndTheUserConfigAndLosesToTheEditorAndTheCommandLine() throws Exception {
        String user = "{\"mcpServers\": {\"s\": {\"command\": \"user\"}}}";
        assertEquals("LOCAL:local", winner(resolve(project, user, List.of()), "s"));
        List<McpServerSpec> editor = List.of(new McpServerSpec.Stdio("s", "editor", List.of(), Map.of(), null));
        assertEquals("EDITOR:editor", winner(resolve(project, user, editor), "s"));
        assertEquals("COMMAND_LINE:cli", winner(resolve(project, "{}", List.of(), "--mcp-config",
                "{\"mcpServers\": {\"s\": {\"command\": \"cli\"}}}"), "s"));
        assertEquals("none", winner(resolve(project, "{}", List.of(), "--strict-mcp-config"), "s"), "--strict-mcp-config drops it too");
    }

    @Test
    void outsideARepositoryASubdirectoryIsAProjectOfItsOwn() throws Exception {
        Path sub = Files.createDirectories(project.resolve("sub"));
        McpSources.Resolution resolution = resolve(sub, "{}", List.of());
        assertEquals("none", winner(resolution, "t"));
        assertEquals(List.of(), resolution.entries(), "neither the directory's local servers nor its .mcp.json");
    }

    @Test
    void aSessionInASubdirectoryOfARepositoryGetsTheRepositorysLocalServers() throws Exception {
        Files.createDirectories(project.resolve(".git"));
        Path sub = Files.createDirectories(project.resolve("sub/deeper"));
        McpSources.Resolution resolution = resolve(sub, "{}", List.of());
        assertEquals("LOCAL:local", winner(resolution, "s"), "local wins over the root's .mcp.json");
        assertEquals("LOCAL:local-t", winner(resolution, "t"));
    }

    @Test
    void policyKeysAreIgnoredInTheLocalScopeWithAWarning() throws Exception {
        McpSources.Resolution resolution = resolve(project, "{}", List.of());
        assertEquals("LOCAL:local-t", winner(resolution, "t"));
        assertEquals(1, resolution.warnings().size(), resolution.warnings().toString());
        assertTrue(resolution.warnings().getFirst().text().contains("server \"t\": policy keys are ignored in the local scope"),
                resolution.warnings().toString());
    }
}
