package dev.tether.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.sources.McpSources;
import dev.tether.config.sources.ProjectChoices;
import dev.tether.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tether mcp approve|reject|reset-project-choices} at a terminal, on temp dirs: what they
 * print, their exit codes, and what a session in that project then does with the server.
 */
class ProjectChoicesCommandTest {
    @TempDir
    Path dir;
    Path project;
    Map<String, String> env;
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeEach
    void setUp() throws Exception {
        project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {\"orders\": {\"command\": \"orders-server\"}}}");
        env = Map.of("HOME", dir.resolve("home").toString(), "XDG_STATE_HOME", dir.resolve("state").toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString());
    }

    private int run(String... args) {
        return runIn(project, args);
    }

    private int runIn(Path workingDir, String... args) {
        out.reset();
        err.reset();
        return McpCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                env, null, workingDir);
    }

    private McpSources.Status status() {
        return status(project);
    }

    private McpSources.Status status(Path cwd) {
        TetherSettings settings = SettingsLoader.resolve(Json.object(), env, SettingsLoader.CommandLine.NONE, TetherPaths.from(env));
        return new McpSources(settings.mcp(), ProjectChoices.in(settings.paths()), Map.of()).resolve(cwd, List.of())
                .entries().getFirst().status();
    }

    @Test
    void inASubdirectoryOfARepositoryTheAnswerIsForTheWholeRepositoryAndSaysSo() throws Exception {
        Files.createDirectories(project.resolve(".git"));
        Path deep = Files.createDirectories(project.resolve("src/deep"));
        assertEquals(0, runIn(deep, "approve", "orders"));
        assertEquals("Approved `orders` from " + project.toRealPath().resolve(".mcp.json") + " for " + project.toRealPath()
                + ". If its entry changes, you are asked again.\n", out.toString());
        assertEquals(McpSources.Status.START, status(Files.createDirectories(project.resolve("docs"))), "another directory of the project");
        assertEquals(McpSources.Status.START, status(project));

        assertEquals(0, runIn(deep, "reset-project-choices"));
        assertEquals("Forgot 1 answer about MCP servers for " + project.toRealPath() + "; you are asked again.\n", out.toString());
        assertEquals(McpSources.Status.NEEDS_APPROVAL, status(project));
    }

    @Test
    void approveLetsTheServerStartUntilItsEntryChanges() throws Exception {
        assertEquals(McpSources.Status.NEEDS_APPROVAL, status());
        assertEquals(0, run("approve", "orders"));
        assertTrue(out.toString().startsWith("Approved `orders` from " + project.resolve(".mcp.json")), out.toString());
        assertEquals(McpSources.Status.START, status());

        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {\"orders\": {\"command\": \"orders-server\", \"args\": [\"--other\"]}}}");
        assertEquals(McpSources.Status.NEEDS_APPROVAL, status(), "a changed entry needs approval again");
    }

    @Test
    void rejectAndResetAreRememberedPerProject() throws Exception {
        assertEquals(0, run("reject", "orders"));
        assertEquals("Rejected `orders` for " + project.toRealPath() + ".\n", out.toString());
        assertEquals(McpSources.Status.REJECTED, status());

        assertEquals(0, run("reset-project-choices"));
        assertEquals("Forgot 1 answer about MCP servers for " + project.toRealPath() + "; you are asked again.\n", out.toString());
        assertEquals(McpSources.Status.NEEDS_APPROVAL, status());
        assertEquals(0, run("reset-project-choices"));
        assertEquals("No answers were remembered for " + project.toRealPath() + ".\n", out.toString());
    }

    @Test
    void approvingAServerNoMcpJsonDeclaresAndBadUsageAreRefused() throws Exception {
        assertEquals(2, run("approve", "nope"));
        assertTrue(err.toString().startsWith("tether: no .mcp.json from the project root " + project.toRealPath() + " down to " + project),
                err.toString());
        assertEquals(2, run("approve"));
        assertEquals(ProjectChoicesCommand.USAGE + "\n", err.toString());
        assertEquals(2, run("reset-project-choices", "extra"));
    }

    @Test
    void aStoreThatCannotBeWrittenIsExitOneWithTheReason() throws Exception {
        Files.createDirectories(dir.resolve("state"));
        Files.writeString(dir.resolve("state/tether"), "a file where the directory should be");
        assertEquals(1, run("approve", "orders"));
        assertTrue(err.toString().startsWith("tether: cannot write "), err.toString());
    }
}
