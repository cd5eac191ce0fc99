package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.cli.AttackWiring;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.auth.ledger.AcpTokenStore;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.ToolDefinition;
import dev.tether.security.SecretRegistry;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.mcp.FakeMcpServer;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolFilter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A skill an MCP server offers (the Skills extension), end to end through ACP with the real MCP
 * runtime and a stdio server: listed in the model's {@code skill} tool by its server's name, loaded
 * only when the model calls the tool (asking the user, naming the server), its files read once it
 * is loaded; a server whose {@code SKILL.md} is not the one it listed gets nothing of it to the model.
 */
class McpSkillsSessionTest {
    @TempDir
    Path dir;

    private InProcessAgent agent(QueueModel model) {
        Map<String, String> env = new HashMap<>();
        for (String name : List.of("PATH", "HOME", "LANG")) {
            if (System.getenv(name) != null) {
                env.put(name, System.getenv(name));
            }
        }
        env.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
        env.put("XDG_STATE_HOME", dir.resolve("state").toString());
        return new InProcessAgent(dir.resolve("agent"), model, AttackWiring.mcp(env, SecretRegistry.empty(), AcpTokenStore.inMemory()),
                ToolFilter.ALLOW_ALL);
    }

    private static ObjectNode server(String flag) {
        McpServerSpec.Stdio spec = McpTestSupport.fake("docs", flag);
        ObjectNode server = Json.object().put("name", "docs").put("command", spec.command());
        var args = server.putArray("args");
        spec.args().forEach(args::add);
        server.putArray("env");
        return server;
    }

    private static String all(ModelRequest request) {
        return request.messages().stream().map(FileCommandsAndSkillsTest::text).collect(Collectors.joining("\n"))
                + request.tools().stream().map(ToolDefinition::description).collect(Collectors.joining("\n"));
    }

    @Test
    void aServersSkillLoadsOnlyWhenTheModelAsksAndItsFilesAfterIt() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(QueueModel.use("c1", "skill", Json.parse("{\"name\":\"docs:deploy-guide\"}"))))
                .then(QueueModel.Reply.tools(QueueModel.use("c2", "skill", Json.parse("{\"name\":\"docs:deploy-guide\",\"file\":\"notes.md\"}"))))
                .then(QueueModel.Reply.text("Deployed."));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), Json.array().add(server("--skills")));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "Deploy it.")).path("result").path("stopReason").asString());

            List<ModelRequest> requests = model.requests();
            assertEquals(3, requests.size());
            ToolDefinition skill = requests.getFirst().tools().stream().filter(t -> t.name().equals("skill")).findFirst().orElseThrow();
            assertTrue(skill.description().contains("- docs:deploy-guide: How this service is deployed (MCP server \"docs\")"), skill.description());
            assertFalse(all(requests.getFirst()).contains("SKILL-MARKER-51c2"), "the skill's text was sent before it was loaded");

            String loaded = FileCommandsAndSkillsTest.text(requests.get(1).messages().getLast());
            assertTrue(loaded.contains("SKILL-MARKER-51c2") && loaded.contains("MCP server \"docs\"") && loaded.contains("notes.md"), loaded);
            assertFalse(loaded.contains("NOTES-MARKER-9e0d"), "a file of the skill is read only when asked for");
            assertTrue(FileCommandsAndSkillsTest.text(requests.get(2).messages().getLast()).contains("NOTES-MARKER-9e0d"));

            // Loading the server's skill asked the user, naming the server; reading its file did not ask again.
            List<JsonNode> asked = client.agentRequests().stream()
                    .filter(r -> r.path("method").asString().equals("session/request_permission")).toList();
            assertEquals(1, asked.size(), asked.toString());
            assertTrue(asked.getFirst().toString().contains("docs"), asked.getFirst().toString());
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aTamperedSkillMdReachesTheModelAsARefusalOnly() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(QueueModel.use("c1", "skill", Json.parse("{\"name\":\"docs:deploy-guide\"}"))))
                .then(QueueModel.Reply.tools(QueueModel.use("c2", "skill", Json.parse("{\"name\":\"docs:deploy-guide\",\"file\":\"notes.md\"}"))))
                .then(QueueModel.Reply.text("Could not."));
        try (InProcessAgent agent = agent(model)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), Json.array().add(server("--skills-tampered")));
            AcpTestClient.await(client.prompt(session, "Deploy it."));

            String refused = FileCommandsAndSkillsTest.text(model.requests().get(1).messages().getLast());
            assertTrue(refused.contains("failed verification"), refused);
            assertFalse(refused.contains("without asking") || refused.contains("SKILL-MARKER-51c2"), "nothing of the tampered file: " + refused);
            String notLoaded = FileCommandsAndSkillsTest.text(model.requests().get(2).messages().getLast());
            assertTrue(notLoaded.contains("is not loaded"), notLoaded);
            assertFalse(notLoaded.contains("NOTES-MARKER-9e0d"), notLoaded);
        }
    }
}
