package dev.tether.session.bench;

import dev.tether.json.Json;
import dev.tether.model.ModelException;
import dev.tether.model.ModelProvider;
import dev.tether.model.ProviderSettings;
import dev.tether.model.anthropic.AnthropicProvider;
import dev.tether.model.http.ModelHttp;
import dev.tether.session.ModelCatalog;
import dev.tether.session.api.SessionOption;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.acp.WiredAgent;
import dev.tether.testing.model.ScriptedModelServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The size of the first model request a user's one-line prompt makes, as it goes over the wire to
 * Anthropic's Messages API (recorded by the scripted model server): a session with
 * server-everything attached over stdio and no instruction files. Prints the whole body's bytes,
 * and those of the system prompt, the tools and the messages, and where the prompt-cache
 * breakpoints are. Informational; nothing here gates a test.
 * Run: {@code java -cp target/classes:target/test-classes:<deps> dev.tether.session.bench.FirstRequestBench <node> <server-everything index.js>}.
 */
public final class FirstRequestBench {
    public static void main(String[] args) throws Exception {
        String node = args[0];
        String everything = args[1];
        Path dir = Files.createTempDirectory("tether-first-request-");
        Path cwd = Files.createDirectories(dir.resolve("project"));
        Map<String, String> env = WiredAgent.isolatedEnvironment(dir);
        try (ScriptedModelServer server = ScriptedModelServer.start()) {
            server.sse("anthropic-final.sse");
            ProviderSettings settings = new ProviderSettings("anthropic", "claude-sonnet-4-5", "sk-ant-bench", server.baseUrl(),
                    "2023-06-01", null, null, null, true, null, 8192);
            try (InProcessAgent agent = WiredAgent.fromEnvironment(dir.resolve("acp-state"), catalog(settings), env)) {
                AcpTestClient client = agent.client();
                client.initialize();
                ObjectNode spec = Json.object().put("name", "everything").put("command", node);
                spec.putArray("args").add(everything).add("stdio");
                spec.putArray("env");
                String session = client.newSession(cwd.toString(), Json.array().add(spec));
                AcpTestClient.await(client.prompt(session, "say hello"));
            }
            JsonNode body = server.request(0).body();
            boolean withServer = false;
            for (JsonNode tool : body.path("tools")) {
                withServer |= tool.path("name").asString().contains("everything") || tool.path("name").asString().equals("tool_search");
            }
            if (!withServer) {
                System.out.println("first model request: server-everything did not start (is " + everything + " there, and node 22+?);"
                        + " the figure below is without it");
            }
            int total = bytes(body);
            System.out.printf("first model request (one-line prompt, server-everything over stdio, no AGENTS.md): %,d bytes"
                            + " — system %,d, tools %,d (%d tools), messages %,d; cache breakpoints: %s%n",
                    total, bytes(body.path("system")), bytes(body.path("tools")), body.path("tools").size(), bytes(body.path("messages")),
                    breakpoints(body));
        }
    }

    private static int bytes(JsonNode node) {
        return node.isMissingNode() ? 0 : node.toString().getBytes(StandardCharsets.UTF_8).length;
    }

    private static String breakpoints(JsonNode body) {
        List<String> at = new java.util.ArrayList<>();
        body.path("system").forEach(b -> {
            if (b.has("cache_control")) {
                at.add("system");
            }
        });
        body.path("tools").forEach(t -> {
            if (t.has("cache_control")) {
                at.add("tool " + t.path("name").asString());
            }
        });
        body.path("messages").forEach(m -> m.path("content").forEach(c -> {
            if (c.has("cache_control")) {
                at.add("newest user message");
            }
        }));
        return String.join(", ", at);
    }

    private static ModelCatalog catalog(ProviderSettings settings) {
        return new ModelCatalog() {
            @Override
            public String missingCredentials() {
                return null;
            }

            @Override
            public String defaultModel() {
                return settings.model();
            }

            @Override
            public List<SessionOption.Choice> models() {
                return List.of(new SessionOption.Choice(settings.model(), settings.model(), null));
            }

            @Override
            public ModelProvider open(String model) throws ModelException {
                return new AnthropicProvider(settings, ModelHttp.newClient());
            }
        };
    }
}
