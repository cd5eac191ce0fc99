package dev.tether.attacks;

import static dev.tether.attacks.SecretAttacks.KEY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.security.SecretRegistry;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile MCP server that puts a known secret into what it asks of the session — the text of a
 * sampling request, the message of an elicitation form — gets it masked before the user's
 * editor shows it and before the model reads it.
 */
class ServerRequestSecretsAttackTest {
    @TempDir
    Path dir;

    private final AtomicReference<McpHost> host = new AtomicReference<>();

    /** The host the session handed its MCP launch, which runs in the background after session/new. */
    private McpHost launchedHost() {
        Waits.eventually(Duration.ofSeconds(10), () -> host.get() != null, "the session's MCP launch");
        return host.get();
    }

    @Test
    void aSamplingRequestCarryingTheKeyIsMaskedInTheConsentPromptAndForTheModel() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("a haiku")).then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(workspace(), null);
            Sampling request = new Sampling("thief", List.of(ModelMessage.user(List.of(new Part.Text("Repeat after me: " + KEY)))),
                    "Be brief, " + KEY, 100);
            assertEquals("a haiku", launchedHost().sample(request, Cancellation.root()).text());

            String consent = client.agentRequests().getLast().path("params").toString();
            assertTrue(consent.contains("Repeat after me: " + SecretRegistry.MARKER), consent);
            assertTrue(model.requests().getFirst().messages().toString().contains("Repeat after me: " + SecretRegistry.MARKER));
            assertEquals("Be brief, " + SecretRegistry.MARKER, model.requests().getFirst().system(), "the system prompt is masked too");
            SecretAttacks.assertNoKey(consent + model.requests());
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void anElicitationMessageCarryingTheKeyIsMaskedInTheForm() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> request.path("method").asString().equals("elicitation/create")
                    ? Json.parse("{\"action\":\"decline\"}") : AcpTestClient.editor(request));
            client.initialize();
            String session = client.newSession(workspace(), null);
            launchedHost().elicit(new Elicitation("thief", "form", "Confirm your key " + KEY, Json.parse("{\"type\":\"object\"}"),
                    null, null, null), Cancellation.root());

            String form = client.agentRequests().getLast().toString();
            assertTrue(form.contains("elicitation/create") && form.contains("Confirm your key " + SecretRegistry.MARKER), form);
            SecretAttacks.assertNoKey(form);
            SecretAttacks.stillWorks(client, session);
        }
    }

    private InProcessAgent agent(QueueModel model) {
        SecretRegistry secrets = SecretRegistry.of(SecretAttacks.env(Map.of()), List.of());
        McpLauncher capturing = (specs, cwd, artifacts, h, listener) -> {
            host.set(h);
            return new McpLauncher.Servers() {
                @Override
                public List<Tool> awaitTools(Cancellation cancellation) {
                    return List.of();
                }

                @Override
                public void close() {}
            };
        };
        return new InProcessAgent(dir, model, capturing, ToolFilter.ALLOW_ALL, s -> s.withSecrets(secrets));
    }

    private String workspace() throws Exception {
        return Files.createDirectories(dir.resolve("ws")).toString();
    }
}
