package dev.tether.config.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.StrictMcpConfig;
import dev.tether.testing.mcp.TestSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --mcp-config: inline JSON or a file; relative cwd against the declaring file; readable errors. */
class McpConfigTest {
    @TempDir
    Path dir;

    @Test
    void inlineJsonDeclaresStdioAndHttpServers() throws Exception {
        List<McpServerSpec> specs = StrictMcpConfig.fromArgument("""
                {"mcpServers": {
                  "files": {"command": "npx", "args": ["-y", "server"], "env": {"TOKEN": "${TOKEN}"}},
                  "remote": {"type": "http", "url": "https://mcp.example.com/mcp", "headers": {"X-Team": "a"}}}}""", dir).servers();
        assertEquals(List.of(
                new McpServerSpec.Stdio("files", "npx", List.of("-y", "server"), Map.of("TOKEN", "${TOKEN}"), null, McpServerSpec.Origin.USER_CONFIG),
                new McpServerSpec.Http("remote", "https://mcp.example.com/mcp", Map.of("X-Team", "a"), McpServerSpec.Origin.USER_CONFIG)), specs);
    }

    @Test
    void relativeCwdResolvesAgainstTheFileThatDeclaredIt() throws Exception {
        Path project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve("mcp.json"), "{\"mcpServers\":{\"local\":{\"command\":\"./run\",\"cwd\":\"tools\"}}}");
        McpServerSpec.Stdio spec = (McpServerSpec.Stdio) StrictMcpConfig.fromArgument("project/mcp.json", dir).servers().getFirst();
        assertEquals(project.resolve("tools"), spec.cwd());
    }

    @Test
    void policiesCarryHintOverridesAllowDenyAndTimeouts() throws Exception {
        McpConfig.Declared declared = StrictMcpConfig.fromArgument("""
                {"mcpServers": {"gh": {"command": "gh-mcp",
                  "toolHints": {"delete_repo": {"destructiveHint": true}, "search": {"readOnlyHint": true, "title": "Search"}},
                  "allowTools": ["search", "get_*"], "denyTools": ["get_secret"],
                  "timeouts": {"callIdleSeconds": 5, "callTotalSeconds": 90}},
                  "plain": {"command": "x"}}}""", dir);
        assertEquals(new McpServerPolicy(
                Map.of("delete_repo", new McpToolInfo.Hints(null, null, true, null, null),
                        "search", new McpToolInfo.Hints("Search", true, null, null, null)),
                List.of("search", "get_*"), List.of("get_secret"),
                new McpRuntimeOptions.CallTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(90))), declared.policies().get("gh"));
        assertEquals(Set.of("gh"), declared.policies().keySet(), "a server without policy keeps the defaults");
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument(
                "{\"mcpServers\":{\"x\":{\"command\":\"x\",\"toolHints\":{\"t\":{\"readOnly\":true}}}}}", dir))
                .getMessage().contains("unknown hint \"readOnly\""));
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument(
                "{\"mcpServers\":{\"x\":{\"command\":\"x\",\"timeouts\":{\"callIdleSeconds\":-1}}}}", dir))
                .getMessage().contains("callIdleSeconds"));
    }

    @Test
    void trustAnnotationsIsOffUnlessTheUserSaysSo() throws Exception {
        McpConfig.Declared declared = StrictMcpConfig.fromArgument("""
                {"mcpServers": {"docs": {"command": "docs-mcp", "trustAnnotations": true}, "other": {"command": "x"}}}""", dir);
        assertEquals(TestSettings.trustingAnnotations(), declared.policies().get("docs"));
        assertEquals(null, declared.policies().get("other"), "an untrusted server keeps the default policy");
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument(
                "{\"mcpServers\":{\"x\":{\"command\":\"x\",\"trustAnnotations\":\"yes\"}}}", dir))
                .getMessage().contains("trustAnnotations must be true or false"));
    }

    @Test
    void anEntryWithoutCommandOrUrlOnlySetsThePolicyOfAServerNamedElsewhere() throws Exception {
        McpConfig.Declared declared = StrictMcpConfig.fromArgument(
                "{\"mcpServers\":{\"everything\":{\"sampling\":true,\"exposeRoots\":true,\"logLevel\":\"info\"}}}", dir);
        assertEquals(List.of(), declared.servers());
        McpServerPolicy policy = declared.policies().get("everything");
        assertTrue(policy.sampling());
        assertTrue(policy.exposeRoots());
        assertEquals("info", policy.logLevel());
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument(
                "{\"mcpServers\":{\"x\":{\"logLevel\":\"loud\"}}}", dir)).getMessage().contains("logLevel"));
    }

    @Test
    void aLaterDeclarationWins() throws Exception {
        McpConfig.Declared first = StrictMcpConfig.fromArgument("{\"mcpServers\":{\"a\":{\"command\":\"one\",\"denyTools\":[\"x\"]}}}", dir);
        McpConfig.Declared second = StrictMcpConfig.fromArgument("{\"mcpServers\":{\"a\":{\"command\":\"two\",\"denyTools\":[\"y\"]}}}", dir);
        McpConfig.Declared both = first.then(second);
        assertEquals(List.of("y"), both.policies().get("a").denyTools());
        assertEquals("two", ((McpServerSpec.Stdio) both.servers().getLast()).command());
    }

    @Test
    void brokenConfigsSayWhatIsWrong() {
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument("{nope", dir))
                .getMessage().contains("not valid JSON"));
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument("{\"servers\":{}}", dir))
                .getMessage().contains("mcpServers"));
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument("{\"mcpServers\":{\"x\":{\"args\":[]}}}", dir))
                .getMessage().contains("\"x\" needs a non-empty \"command\""));
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument("missing.json", dir))
                .getMessage().contains("cannot read"));
    }
}
