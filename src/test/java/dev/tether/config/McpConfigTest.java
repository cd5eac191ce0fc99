package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.McpServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --mcp-config: inline JSON or a file; relative cwd against the declaring file; readable errors. */
class McpConfigTest {
    @TempDir
    Path dir;

    @Test
    void inlineJsonDeclaresStdioAndHttpServers() throws Exception {
        List<McpServerSpec> specs = McpConfig.fromArgument("""
                {"mcpServers": {
                  "files": {"command": "npx", "args": ["-y", "server"], "env": {"TOKEN": "${TOKEN}"}},
                  "remote": {"type": "http", "url": "https://mcp.example.com/mcp", "headers": {"X-Team": "a"}}}}""", dir);
        assertEquals(List.of(
                new McpServerSpec.Stdio("files", "npx", List.of("-y", "server"), Map.of("TOKEN", "${TOKEN}"), null),
                new McpServerSpec.Http("remote", "https://mcp.example.com/mcp", Map.of("X-Team", "a"))), specs);
    }

    @Test
    void relativeCwdResolvesAgainstTheFileThatDeclaredIt() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("mcp.json"), "{\"mcpServers\":{\"local\":{\"command\":\"./run\",\"cwd\":\"tools\"}}}");
        McpServerSpec.Stdio spec = (McpServerSpec.Stdio) McpConfig.fromArgument("project/mcp.json", dir).getFirst();
        assertEquals(project.resolve("tools"), spec.cwd());
    }

    @Test
    void brokenConfigsSayWhatIsWrong() {
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> McpConfig.fromArgument("{nope", dir))
                .getMessage().contains("not valid JSON"));
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> McpConfig.fromArgument("{\"servers\":{}}", dir))
                .getMessage().contains("mcpServers"));
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> McpConfig.fromArgument("{\"mcpServers\":{\"x\":{\"args\":[]}}}", dir))
                .getMessage().contains("\"x\" needs a non-empty \"command\""));
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> McpConfig.fromArgument("missing.json", dir))
                .getMessage().contains("cannot read"));
    }
}
