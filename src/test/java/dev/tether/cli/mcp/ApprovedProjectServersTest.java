package dev.tether.cli.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tether mcp status} and {@code login} know the project's {@code .mcp.json} servers once the
 * user approved them (a session in the project starts them), and only then; approving from a
 * subdirectory approves for the project root, and says which directory.
 */
class ApprovedProjectServersTest {
    @TempDir
    Path dir;

    @Test
    void anApprovedProjectServerIsKnownToStatusAndLoginFromAnySubdirectory() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.createDirectories(project.resolve(".git"));
        Files.writeString(project.resolve(".git/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {\"docs\": {\"url\": \"http://127.0.0.1:9/mcp\"}}}");
        Path sub = Files.createDirectories(project.resolve("src/deep"));
        McpCliRun cli = new McpCliRun(dir, sub, Map.of());

        assertEquals(0, cli.run("status"), cli.err());
        assertTrue(cli.out().startsWith("No HTTP MCP servers"), "not approved: not the user's yet: " + cli.out());
        assertEquals(2, cli.run("login", "docs"), "unknown before approval");

        assertEquals(0, cli.run("approve", "docs"), cli.err());
        assertTrue(cli.out().contains("for " + project.toRealPath()), "the project root is named: " + cli.out());

        assertEquals(0, cli.run("status"), cli.err());
        assertTrue(cli.out().contains("docs") && cli.out().contains("http://127.0.0.1:9/mcp") && cli.out().contains("not signed in"),
                cli.out());
        assertEquals(0, cli.run("status", "docs"), cli.err());
    }
}
