package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.cli.secrets.ProcessSecrets;
import dev.tether.config.SettingsLoader;
import dev.tether.config.TetherSettings;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A workspace .mcp.json server through ACP: not started until the user answers a permission
 * request naming the server, its command and the file; allowed → it starts, rejected → it does
 * not; the answer is remembered for the project across sessions. Configuration warnings reach an
 * editor that shows notices, and /mcp lists held servers with why.
 */
class ProjectServerApprovalTest {
    @TempDir
    Path dir;
    Path project;
    Map<String, String> env;
    final List<String> started = new CopyOnWriteArrayList<>();

    /** A launcher that records which servers a session starts, at once or after an approval. */
    private final McpLauncher launcher = new McpLauncher() {
        @Override
        public Servers start(List<McpServerSpec> servers, Path cwd, Path artifactDir, McpHost host, Listener listener) {
            servers.forEach(s -> started.add(s.name()));
            return new Servers() {
                @Override
                public List<Tool> awaitTools(Cancellation cancellation) {
                    return List.of();
                }

                @Override
                public boolean add(McpServerSpec spec) {
                    return started.add(spec.name());
                }

                @Override
                public void close() {}
            };
        }
    };

    @BeforeEach
    void workspace() throws Exception {
        project = Files.createDirectories(dir.resolve("project"));
        Files.writeString(project.resolve(".mcp.json"), """
                {"mcpServers": {"orders": {"command": "orders-server", "args": ["--db", "${ORDERS_DB}"]}}}""");
        env = Map.of("HOME", dir.resolve("home").toString(), "XDG_STATE_HOME", dir.resolve("state").toString(),
                "XDG_CONFIG_HOME", dir.resolve("config").toString());
    }

    private InProcessAgent agent(QueueModel model, String config) {
        TetherSettings settings = SettingsLoader.resolve(Json.parse(config), env, SettingsLoader.CommandLine.NONE, TetherPaths.from(env));
        return new InProcessAgent(dir.resolve("acp-state"), model, launcher, ToolFilter.ALLOW_ALL,
                services -> services.withMcpSources(Wiring.sources(settings, ProcessSecrets.of(settings))));
    }

    private static Function<JsonNode, JsonNode> answering(String optionId) {
        return request -> request.path("method").asString().equals("session/request_permission")
                ? Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"" + optionId + "\"}}")
                : AcpTestClient.editor(request);
    }

    private static List<JsonNode> approvals(AcpTestClient client) {
        return client.agentRequests().stream().filter(r -> r.path("method").asString().equals("session/request_permission")).toList();
    }

    @Test
    void anAllowedServerStartsAndIsNotAskedAboutAgainInThisProject() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("one")).then(QueueModel.Reply.text("two"));
        try (InProcessAgent agent = agent(model, "{}")) {
            AcpTestClient client = agent.client();
            client.onRequest(answering("allow_project"));
            client.initialize();
            String first = client.newSession(project.toString(), null);
            assertEquals(List.of(), started, "a workspace server waits for the user");

            String mcp = text(client, first, "/mcp");
            assertTrue(mcp.contains("| orders | needs_approval | stdio |"), mcp);
            assertTrue(mcp.contains("tether mcp approve orders"), mcp);
            assertEquals(List.of(), approvals(client), "/mcp does not ask");

            AcpTestClient.await(client.prompt(first, "hello"));
            JsonNode asked = approvals(client).getFirst().path("params");
            String shown = asked.toString();
            assertTrue(asked.path("toolCall").path("title").asString().contains("`orders`"), shown);
            assertTrue(shown.contains("orders-server --db ${ORDERS_DB}"), "the command as written: " + shown);
            assertTrue(shown.contains(project.resolve(".mcp.json").toString()), "the file: " + shown);
            assertTrue(shown.contains("${ORDERS_DB}"), shown);
            assertEquals(List.of("allow_project", "reject_once", "reject_project"),
                    asked.path("options").valueStream().map(o -> o.path("optionId").asString()).toList());
            assertEquals(List.of("orders"), started, "allowed: it starts");

            Path store = dir.resolve("state/tether/mcp-project-choices.json");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store)));

            String second = client.newSession(project.toString(), null);
            AcpTestClient.await(client.prompt(second, "again"));
            assertEquals(1, approvals(client).size(), "remembered for the project: not asked again");
            assertEquals(List.of("orders", "orders"), started, "the second session starts it at once");
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aOneTimeRejectionStoresNothingAndTheNextSessionAsksAgain() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("one")).then(QueueModel.Reply.text("two"));
        try (InProcessAgent agent = agent(model, "{}")) {
            AcpTestClient client = agent.client();
            // What a client that cannot ask the user does: it picks the first rejection offered.
            client.onRequest(answering("reject_once"));
            client.initialize();
            String first = client.newSession(project.toString(), null);
            AcpTestClient.await(client.prompt(first, "hello"));
            assertEquals(List.of(), started, "not started this session");
            String mcp = text(client, first, "/mcp");
            assertTrue(mcp.contains("nothing was remembered") && mcp.contains("tether mcp approve orders"), mcp);
            assertFalse(Files.exists(dir.resolve("state/tether/mcp-project-choices.json")), "no answer stored");

            String second = client.newSession(project.toString(), null);
            AcpTestClient.await(client.prompt(second, "again"));
            assertEquals(2, approvals(client).size(), "asked again in the next session");
        }
    }

    @Test
    void aRejectedServerDoesNotStartAndStaysRejectedAcrossSessions() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("one")).then(QueueModel.Reply.text("two"));
        try (InProcessAgent agent = agent(model, "{}")) {
            AcpTestClient client = agent.client();
            client.onRequest(answering("reject_project"));
            client.initialize();
            String first = client.newSession(project.toString(), null);
            AcpTestClient.await(client.prompt(first, "hello"));
            assertEquals(1, approvals(client).size());
            assertEquals(List.of(), started, "rejected: it does not start");
            assertTrue(text(client, first, "/mcp").contains("| orders | rejected |"));

            String second = client.newSession(project.toString(), null);
            AcpTestClient.await(client.prompt(second, "again"));
            assertEquals(1, approvals(client).size(), "the rejection is remembered");
            assertEquals(List.of(), started);
            String mcp = text(client, second, "/mcp");
            assertTrue(mcp.contains("you rejected it for this project"), mcp);
        }
    }

    @Test
    void anEditorThatCannotAskLeavesTheServerStoppedAndSaysHowToApprove() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("one"));
        try (InProcessAgent agent = agent(model, "{}")) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> {
                throw new IllegalStateException("no permission UI here");
            });
            client.initialize();
            String session = client.newSession(project.toString(), null);
            AcpTestClient.await(client.prompt(session, "hello"));
            assertEquals(List.of(), started);
            String mcp = text(client, session, "/mcp");
            assertTrue(mcp.contains("the editor could not ask you"), mcp);
            assertTrue(mcp.contains("tether mcp approve orders"), mcp);
        }
    }

    @Test
    void configurationWarningsReachAnEditorThatShowsNoticesAndAreListedInMcp() throws Exception {
        Files.writeString(project.resolve(".mcp.json"), "{\"mcpServers\": {\"orders\": {\"type\": \"grpc\"}}}");
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("one"));
        try (InProcessAgent agent = agent(model, "{\"mcpServers\": {\"bad\": {\"command\": 7}}}")) {
            AcpTestClient client = agent.client();
            client.request("initialize", AcpTestClient.ZED_INITIALIZE.replace("\"session\":{", "\"session\":{\"notices\":{},"));
            String session = client.newSession(project.toString(), null);
            Waits.eventually(java.time.Duration.ofSeconds(10), () -> client.updates(session, "notice").size() == 2, "two notices");
            List<JsonNode> notices = client.updates(session, "notice");
            assertEquals("warning", notices.getFirst().path("severity").asString());
            String all = notices.toString();
            assertTrue(all.contains("server \\\"bad\\\" needs a non-empty \\\"command\\\""), all);
            assertTrue(all.contains(project.resolve(".mcp.json") + ": server \\\"orders\\\" has unknown type"), all);

            String mcp = text(client, session, "/mcp");
            assertTrue(mcp.contains("Configuration warnings"), mcp);
            assertTrue(mcp.contains("unknown type \"grpc\""), mcp);

            AcpTestClient.await(client.prompt(session, "hello"));
            String messages = client.updates(session, "agent_message_chunk").toString();
            assertTrue(messages.contains("Configuration:"), "also shown in the conversation: " + messages);
            assertEquals(List.of(), client.violations());
        }
    }

    /** The agent's answer to a prompt that needs no model (a slash command). */
    private static String text(AcpTestClient client, String session, String prompt) {
        client.clearUpdates(session);
        AcpTestClient.await(client.prompt(session, prompt));
        StringBuilder out = new StringBuilder();
        client.updates(session, "agent_message_chunk").forEach(u -> out.append(u.path("content").path("text").asString()));
        return out.toString();
    }
}
