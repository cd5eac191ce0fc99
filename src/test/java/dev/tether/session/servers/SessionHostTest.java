package dev.tether.session.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Elicitation and sampling reach the editor as ACP requests; sampling never enters the conversation. */
class SessionHostTest {
    @TempDir
    Path dir;

    private final AtomicReference<McpHost> host = new AtomicReference<>();

    /** The host the session handed its MCP launch, which runs in the background after session/new. */
    private McpHost launchedHost() {
        Waits.eventually(Duration.ofSeconds(10), () -> host.get() != null, "the session's MCP launch");
        return host.get();
    }

    private McpLauncher capturing() {
        return (specs, cwd, artifacts, h, listener) -> {
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
    }

    @Test
    void formElicitationGoesToTheEditorAndTheAnswerComesBack() {
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel(), capturing())) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> Json.parse("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"}}"));
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\",\"default\":\"Grace\"}},\"required\":[\"name\"]}");
            assertTrue(launchedHost().canElicitForm());
            ElicitationReply reply = launchedHost().elicit(new Elicitation("orders", "form", "Who are you?", schema, null, null, "call_7"), Cancellation.root());
            assertEquals(new ElicitationReply("accept", Json.parse("{\"name\":\"Ada\"}")), reply);
            JsonNode request = client.agentRequests().getLast();
            assertEquals("elicitation/create", request.path("method").asString());
            assertEquals(session, request.path("params").path("sessionId").asString());
            assertEquals("call_7", request.path("params").path("toolCallId").asString());
            assertEquals("form", request.path("params").path("mode").asString());
            assertEquals(schema, request.path("params").path("requestedSchema"));
            assertTrue(request.path("params").path("message").asString().contains("orders"));
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void withoutTheEditorsCapabilityOrOnItsErrorTheAnswerIsNo() {
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel(), capturing())) {
            AcpTestClient client = agent.client();
            client.request("initialize", "{\"protocolVersion\":1,\"clientCapabilities\":{}}");
            client.newSession(dir.toString(), null);
            assertFalse(launchedHost().canElicitUrl());
            assertEquals(ElicitationReply.DECLINE, launchedHost().elicit(new Elicitation("s", "url", "Log in", null,
                    "https://example.com/login", "e1", null), Cancellation.root()));
            assertTrue(client.agentRequests().isEmpty(), "nothing was asked of an editor that cannot show it");
        }
        // The second agent's launch runs in the background after session/new: wait for its own host, not the first's.
        host.set(null);
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel(), capturing())) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> {
                throw new IllegalStateException("the editor broke");
            });
            client.initialize();
            client.newSession(dir.toString(), null);
            assertEquals(ElicitationReply.CANCEL, launchedHost().elicit(new Elicitation("s", "url", "Log in", null,
                    "https://example.com/login", "e1", null), Cancellation.root()));
        }
    }

    @Test
    void samplingAsksTheUserRunsTheModelAndStaysOutOfTheConversation() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("A haiku about orders.")).then(QueueModel.Reply.text("hello"));
        String session;
        try (InProcessAgent agent = new InProcessAgent(dir, model, capturing())) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(dir.toString(), null);
            Sampling request = new Sampling("orders", List.of(ModelMessage.user(List.of(new Part.Text("Write a haiku")))), "Be brief", 100);
            SamplingReply reply = launchedHost().sample(request, Cancellation.root());
            assertEquals("A haiku about orders.", reply.text());
            JsonNode permission = client.agentRequests().getLast();
            assertEquals("session/request_permission", permission.path("method").asString());
            assertTrue(permission.path("params").path("toolCall").path("title").asString().contains("orders"));
            assertTrue(permission.path("params").toString().contains("Write a haiku"), "the user sees what is asked");
            assertEquals(List.of(), model.requests().getFirst().tools(), "sampling offers the model no tools");

            AcpTestClient.await(client.prompt(session, "hi"));
            assertEquals(1, model.requests().get(1).messages().size(), "the conversation holds only the user's prompt");
            assertEquals(List.of(), client.violations());
        }
        String transcript = Files.readString(dir.resolve("sessions").resolve(session + ".jsonl"));
        assertFalse(transcript.contains("haiku"), "sampling is not in the transcript");
    }

    @Test
    void aSignInLinkIsShownAndTheUserChoosesToContinue() {
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel(), capturing())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertTrue(launchedHost().offerLink("linear", "Sign in to MCP server `linear` at mcp.linear.app",
                    "https://mcp.linear.app/authorize?x=1", Cancellation.root()));
            assertTrue(client.updates(session, "agent_message_chunk").toString().contains("https://mcp.linear.app/authorize?x=1"));
            JsonNode permission = client.agentRequests().getLast();
            assertEquals("session/request_permission", permission.path("method").asString());
            assertEquals("Continue", permission.path("params").path("options").path(0).path("name").asString());
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aRejectedSamplingRequestIsRefused() {
        QueueModel model = new QueueModel();
        try (InProcessAgent agent = new InProcessAgent(dir, model, capturing())) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"reject_once\"}}"));
            client.initialize();
            client.newSession(dir.toString(), null);
            SamplingReply reply = launchedHost().sample(new Sampling("orders", List.of(ModelMessage.user(List.of(new Part.Text("x")))), null, 50),
                    Cancellation.root());
            assertTrue(reply.isRefused());
            assertEquals(List.of(), model.requests());
        }
    }
}
