package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** MCP prompts as slash commands, and /mcp, as the user in the editor meets them. */
class PromptCommandTest {
    @TempDir
    Path dir;

    private final List<Map<String, String>> sent = new CopyOnWriteArrayList<>();

    private McpLauncher servers() {
        return (specs, cwd, artifacts, host, listener) -> new McpLauncher.Servers() {
            @Override
            public List<Tool> awaitTools(Cancellation cancellation) {
                return List.of();
            }

            @Override
            public List<McpLauncher.PromptCommand> prompts() {
                return List.of(new McpLauncher.PromptCommand("orders", "summarize_order", "Summarise an order",
                        List.of(new McpLauncher.PromptCommand.Argument("id", "Order id", true))));
            }

            @Override
            public List<ModelMessage> getPrompt(String server, String prompt, Map<String, String> arguments, Cancellation c) {
                sent.add(arguments);
                return List.of(ModelMessage.user(List.of(new Part.Text("Summarise order " + arguments.get("id")))));
            }

            @Override
            public List<McpLauncher.ServerSummary> status() {
                return List.of(new McpLauncher.ServerSummary("orders", "ready", "stdio", 4, 2, 1, null));
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void promptsArePublishedAndRunIntoTheTurn() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("Order A-1001 is open."));
        try (InProcessAgent agent = new InProcessAgent(dir, model, servers())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            Waits.eventually(Duration.ofSeconds(5), () -> client.updates(session, "available_commands_update").stream()
                    .anyMatch(u -> u.toString().contains("orders:summarize_order")), "the prompt as a command");
            JsonNode command = client.updates(session, "available_commands_update").getLast().path("availableCommands").path(1);
            assertEquals("orders:summarize_order", command.path("name").asString());
            assertEquals("<id>", command.path("input").path("hint").asString());

            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "/orders:summarize_order A-1001")).path("result").path("stopReason").asString());
            assertEquals(List.of(Map.of("id", "A-1001")), sent);
            ModelMessage first = model.requests().getFirst().messages().getFirst();
            assertEquals(List.of(new Part.Text("Summarise order A-1001")), first.parts());
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void badArgumentsAnswerTheUserWithoutAnyRequest() {
        QueueModel model = new QueueModel();
        try (InProcessAgent agent = new InProcessAgent(dir, model, servers())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            for (String line : List.of("/orders:summarize_order", "/orders:summarize_order __proto__=1 id=A", "/orders:summarize_order nope=1")) {
                assertEquals("end_turn", AcpTestClient.await(client.prompt(session, line)).path("result").path("stopReason").asString());
            }
            String said = client.updates(session, "agent_message_chunk").toString();
            assertTrue(said.contains("missing required argument"), said);
            assertTrue(said.contains("not allowed"), said);
            assertTrue(said.contains("unknown argument"), said);
            assertEquals(List.of(), sent, "no prompts/get was sent");
            assertEquals(List.of(), model.requests(), "no model request was made");
        }
    }

    @Test
    void mcpShowsServerStatusWithoutTheModel() {
        QueueModel model = new QueueModel();
        try (InProcessAgent agent = new InProcessAgent(dir, model, servers())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "/mcp")).path("result").path("stopReason").asString());
            String said = client.updates(session, "agent_message_chunk").toString();
            assertTrue(said.contains("| orders | ready | stdio | 4 | 2 | 1 |"), said);
            AcpTestClient.await(client.prompt(session, "/mcp logs ghost"));
            assertTrue(client.updates(session, "agent_message_chunk").toString().contains("unknown server ghost"));
            assertEquals(List.of(), model.requests());
            assertEquals(List.of(), client.violations());
        }
    }
}
