package dev.tether.attacks;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * One ACP session whose MCP servers are hostile: Tether in this JVM behind the schema-checking
 * test editor (which allows every permission request and accepts every elicitation, recording
 * both), a scripted model, and the
 * given servers run through the real MCP runtime with {@code settings} (e.g. a small message cap).
 */
final class McpAttackSession implements AutoCloseable {
    final QueueModel model;
    final AcpTestClient client;
    final String session;
    final List<JsonNode> permissions = new CopyOnWriteArrayList<>();
    /** The {@code elicitation/create} requests that reached the editor (each accepted). */
    final List<JsonNode> elicitations = new CopyOnWriteArrayList<>();
    private final InProcessAgent agent;

    McpAttackSession(Path state, QueueModel model, List<McpServerSpec> servers, Map<String, McpServerPolicy> policies,
                     McpConnectionSettings settings) {
        this.model = model;
        McpLauncher launcher = (specs, cwd, artifactDir, host, listener) -> {
            McpRuntime runtime = McpRuntime.start(servers, McpTestSupport.options().withPolicies(policies)
                    .withArtifactDir(artifactDir).withHost(host), McpRuntimeListener.NONE, settings);
            return new McpLauncher.Servers() {
                @Override
                public List<Tool> awaitTools(Cancellation cancellation) {
                    return runtime.awaitTools(Duration.ofSeconds(20), cancellation);
                }

                @Override
                public void close() {
                    runtime.close();
                }
            };
        };
        this.agent = new InProcessAgent(state, model, launcher);
        this.client = agent.client();
        client.onRequest(request -> {
            switch (request.path("method").asString()) {
                case "session/request_permission" -> permissions.add(request.path("params"));
                case "elicitation/create" -> {
                    elicitations.add(request.path("params"));
                    return Json.object().put("action", "accept");
                }
                default -> { }
            }
            return AcpTestClient.editor(request);
        });
        client.initialize();
        session = client.newSession(state.toString(), null);
    }

    /** Sends a prompt and waits for the turn to end; returns its stop reason. */
    String prompt(String text) {
        JsonNode response = AcpTestClient.await(client.prompt(session, text));
        return response.path("result").path("stopReason").asString("error: " + response);
    }

    /** The text of the tool result the model was given for {@code toolUseId}, or null. */
    String toolResult(String toolUseId) {
        for (var request : model.requests()) {
            for (ModelMessage message : request.messages()) {
                for (Part part : message.parts()) {
                    if (part instanceof Part.ToolResult result && result.toolUseId().equals(toolUseId)) {
                        return result.content().stream().filter(Part.Text.class::isInstance)
                                .map(p -> ((Part.Text) p).text()).collect(Collectors.joining());
                    }
                }
            }
        }
        return null;
    }

    @Override
    public void close() {
        agent.close();
    }
}
