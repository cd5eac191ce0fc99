package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.javaServer;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.model.Part;
import dev.tether.testing.mcp.FakeMcpServer;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class StdioEnvironmentIsolationTest {

    @Test
    void aServerSeesTheAllowListAndItsDeclaredVariablesOnly() throws Exception {
        Map<String, String> host = new HashMap<>(System.getenv());
        host.put("ANTHROPIC_API_KEY", "sk-ant-test-secret");
        host.put("OPENAI_API_KEY", "sk-test-secret");
        McpRuntimeOptions opts = options(host);
        McpServerSpec spec = javaServer("envy", FakeMcpServer.class, Map.of("FOO", "declared"));
        try (McpRuntime runtime = McpRuntime.start(List.of(spec), opts, McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            var tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            var outcome = tool(tools, "mcp__envy__env").run(JsonNodeFactory.instance.objectNode(),
                    context("c1", Cancellation.root(), null));
            String text = ((Part.Text) outcome.forModel().getFirst()).text();
            List<String> names = List.of(text.lines().findFirst().orElseThrow().split(","));
            assertFalse(names.contains("ANTHROPIC_API_KEY"), text);
            assertFalse(names.contains("OPENAI_API_KEY"), text);
            assertTrue(names.contains("FOO"), text);
            assertTrue(text.endsWith("FOO=declared"), text);
            for (String name : names) {
                assertTrue(name.equals("FOO") || dev.tether.security.StdioEnvironment.inherits(name)
                        || name.equals("JAVA_MAIN_CLASS_" + name.substring(name.lastIndexOf('_') + 1)), "unexpected " + name);
            }
            assertEquals(ServerStatus.State.READY, runtime.status().getFirst().state());
        }
    }

    @Test
    void aServerInheritsTheProxyVariablesInBothCases() throws Exception {
        Map<String, String> host = new HashMap<>(Map.of("PATH", System.getenv("PATH"),
                "HTTPS_PROXY", "http://proxy.corp.test:3128", "http_proxy", "http://proxy.corp.test:3129",
                "NO_PROXY", ".internal.test", "no_proxy", "localhost", "ANTHROPIC_API_KEY", "sk-ant-test-secret"));
        McpServerSpec spec = javaServer("envy", FakeMcpServer.class, Map.of());
        try (McpRuntime runtime = McpRuntime.start(List.of(spec), options(host), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            var tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            var outcome = tool(tools, "mcp__envy__env").run(JsonNodeFactory.instance.objectNode(),
                    context("c1", Cancellation.root(), null));
            List<String> names = List.of(((Part.Text) outcome.forModel().getFirst()).text().lines().findFirst().orElseThrow().split(","));
            assertTrue(names.containsAll(List.of("HTTPS_PROXY", "http_proxy", "NO_PROXY", "no_proxy")), names.toString());
            assertFalse(names.contains("ANTHROPIC_API_KEY"), names.toString());
        }
    }
}
