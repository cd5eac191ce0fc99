package dev.tether.mcp.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ModelProvider;
import dev.tether.model.ProviderSettings;
import dev.tether.model.ToolDefinition;
import dev.tether.model.anthropic.AnthropicProvider;
import dev.tether.model.http.ModelHttp;
import dev.tether.model.openai.OpenAiProvider;
import dev.tether.session.ModelCatalog;
import dev.tether.session.api.SessionOption;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.ScriptedModelServer;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolFilter;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The request a provider really sends when 300 MCP tools are deferred: over the Anthropic and the
 * OpenAI wire format, the {@code tools} array holds the built-in tools and {@code tool_search}, and
 * none of the deferred definitions.
 */
class DeferredToolsWireTest {
    private final ScriptedModelServer server = ScriptedModelServer.start();

    @TempDir
    Path dir;

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anAnthropicRequestCarriesToolSearchAndNotTheDeferredDefinitions() {
        server.sse("anthropic-final.sse");
        List<String> names = send(base -> new AnthropicProvider(new ProviderSettings("anthropic", "claude-sonnet-4-5", "sk-ant-x",
                base, "2023-06-01", null, null, null, true, null, 8192), ModelHttp.newClient()), "claude-sonnet-4-5",
                tools -> tools, tool -> tool.path("name").asString());
        assertShape(names);
    }

    @Test
    void anOpenAiRequestCarriesToolSearchAndNotTheDeferredDefinitions() {
        server.sse("openai-final.sse");
        List<String> names = send(base -> new OpenAiProvider(new ProviderSettings("openai", "gpt-4o-mini", null, null, null, null,
                "sk-x", base, true, null, 8192), ModelHttp.newClient()), "gpt-4o-mini",
                tools -> tools, tool -> tool.path("function").path("name").asString());
        assertShape(names);
    }

    private static void assertShape(List<String> names) {
        assertTrue(names.contains("tool_search"), names.toString());
        assertTrue(names.containsAll(List.of("read_file", "write_file", "search", "run_command")), names.toString());
        assertFalse(names.stream().anyMatch(n -> n.startsWith("mcp__")), "no deferred definition is sent: " + names);
        assertEquals(9, names.size(), "the seven built-in tools, agent and tool_search: " + names);
    }

    private List<String> send(Function<String, ModelProvider> open, String model, Function<JsonNode, JsonNode> tools,
                              Function<JsonNode, String> name) {
        ModelCatalog catalog = new ModelCatalog() {
            @Override
            public String missingCredentials() {
                return null;
            }

            @Override
            public String defaultModel() {
                return model;
            }

            @Override
            public List<SessionOption.Choice> models() {
                return List.of(new SessionOption.Choice(model, model, null));
            }

            @Override
            public ModelProvider open(String id) {
                return open.apply(server.baseUrl());
            }
        };
        try (InProcessAgent agent = new InProcessAgent(dir, catalog, InProcessAgent.serving(serverTools()), ToolFilter.ALLOW_ALL)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "hi")).path("result").path("stopReason").asString());
        }
        List<String> names = new ArrayList<>();
        tools.apply(server.request(0).body().path("tools")).forEach(tool -> names.add(name.apply(tool)));
        return names;
    }

    /** Five servers of sixty tools, as projected. */
    static List<Tool> serverTools() {
        List<Tool> tools = new ArrayList<>();
        for (int s = 0; s < 5; s++) {
            for (int t = 0; t < 60; t++) {
                tools.add(new Listed("mcp__s" + s + "__tool_" + t, "s" + s));
            }
        }
        return tools;
    }

    private record Listed(String name, String server) implements Tool {
        @Override
        public ToolDefinition definition() {
            return new ToolDefinition(name, "Does thing " + name, Json.parse("{\"type\":\"object\",\"properties\":{\"x\":{\"type\":\"string\"}}}"));
        }

        @Override
        public ToolTraits traits() {
            return new ToolTraits(ToolKind.OTHER, ToolTraits.Category.EXTERNAL, false, server);
        }

        @Override
        public ToolCallView describe(JsonNode input, ToolContext context) {
            return ToolCallView.of(name, ToolKind.OTHER);
        }

        @Override
        public ToolOutcome run(JsonNode input, ToolContext context) {
            return ToolOutcome.text("ran " + name);
        }
    }
}
