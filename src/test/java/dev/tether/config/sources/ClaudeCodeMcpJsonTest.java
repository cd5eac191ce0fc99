package dev.tether.config.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
import dev.tether.mcp.api.McpServerSpec.Origin;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpServerPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Claude Code's .mcp.json, read as is from a workspace: every transport, bad entries skipped one by one. */
class ClaudeCodeMcpJsonTest {
    @TempDir
    Path dir;

    private WorkspaceMcpFiles.File workspaceFile(String sample) throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.copy(Path.of("src/test/resources/mcp-json", sample), project.resolve(".mcp.json"));
        List<WorkspaceMcpFiles.File> files = WorkspaceMcpFiles.from(project);
        return files.getLast();
    }

    @Test
    void aClaudeCodeProjectFileDeclaresEveryTransportAsWritten() throws Exception {
        WorkspaceMcpFiles.File file = workspaceFile("claude-code-project.json");
        Path project = dir.resolve("project");
        assertEquals(project.resolve(".mcp.json"), file.path());
        assertEquals(List.of(), file.parsed().warnings());
        assertEquals(List.of(
                new McpServerSpec.Stdio("filesystem", "npx", List.of("-y", "@modelcontextprotocol/server-filesystem", "./docs"), Map.of(), null,
                        Origin.WORKSPACE),
                new McpServerSpec.Stdio("github", "github-mcp-server", List.of("stdio"),
                        Map.of("GITHUB_PERSONAL_ACCESS_TOKEN", "${GITHUB_TOKEN}"), null, Origin.WORKSPACE),
                new McpServerSpec.Http("sentry", "https://mcp.sentry.dev/mcp", Map.of(), Origin.WORKSPACE),
                new McpServerSpec.Sse("linear", "https://mcp.linear.app/sse", Map.of(), Origin.WORKSPACE),
                new McpServerSpec.Http("api", "${API_BASE_URL:-https://api.example.com}/mcp", Map.of("Authorization", "Bearer ${API_KEY}"),
                        Origin.WORKSPACE),
                new McpServerSpec.WebSocket("realtime", "wss://mcp.example.com/ws", Map.of("X-Team", "core"), Origin.WORKSPACE),
                new McpServerSpec.Stdio("scripts", "./run-server.sh", List.of(), Map.of(), project.resolve("tools"), Origin.WORKSPACE)),
                file.parsed().declared().servers(), "values are kept as written; a relative cwd resolves against the file");
    }

    @Test
    void oneBadEntryIsAWarningNamingFileAndEntryAndTheRestStillCounts() throws Exception {
        WorkspaceMcpFiles.File file = workspaceFile("one-bad-entry.json");
        assertEquals(List.of("good", "also-good"), file.parsed().declared().servers().stream().map(McpServerSpec::name).toList());
        assertEquals(Set.of("off"), file.parsed().declared().disabled());
        String path = file.path().toString();
        assertEquals(List.of(
                path + ": server \"no-command\" needs a non-empty \"command\"; skipping this server",
                path + ": server \"grpc\" has unknown type \"grpc\"; skipping this server"),
                file.parsed().warnings().stream().map(ConfigWarning::text).toList());
        assertEquals(List.of("no-command", "grpc"), file.parsed().warnings().stream().map(ConfigWarning::entry).toList());
    }

    @Test
    void anInvalidFileIsOneWarningAndDeclaresNothing() throws Exception {
        WorkspaceMcpFiles.File file = workspaceFile("truncated.json");
        assertEquals(McpConfig.Declared.NONE, file.parsed().declared());
        assertEquals(1, file.parsed().warnings().size());
        assertTrue(file.parsed().warnings().getFirst().text().startsWith(file.path() + " is not valid JSON"),
                file.parsed().warnings().toString());
    }

    @Test
    void aRepositoryCannotGrantItsOwnServerSamplingRootsOrTrust() throws Exception {
        WorkspaceMcpFiles.File file = workspaceFile("policy-keys.json");
        assertEquals(List.of("sneaky"), file.parsed().declared().servers().stream().map(McpServerSpec::name).toList());
        assertEquals(Map.<String, McpServerPolicy>of(), file.parsed().declared().policies(), "policy keys of a workspace file are ignored");
        assertTrue(file.parsed().warnings().getFirst().text().contains("are ignored in a workspace .mcp.json"));
    }

    @Test
    void aFifoOrDirectoryNamedMcpJsonIsSkippedNotRead() throws Exception {
        Path project = Files.createDirectories(dir.resolve("odd"));
        Files.createDirectories(project.resolve(".mcp.json"));
        WorkspaceMcpFiles.File file = WorkspaceMcpFiles.from(project).getLast();
        assertEquals(McpConfig.Declared.NONE, file.parsed().declared());
        assertTrue(file.parsed().warnings().getFirst().text().contains("is not a regular file"));
    }
}
