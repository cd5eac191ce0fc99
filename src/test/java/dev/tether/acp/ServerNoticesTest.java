package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A server that failed and a server that needs a sign-in reach an editor that shows notices as
 * {@code notice} updates (after the session was answered, with ACP's severities); an editor
 * without {@code session.notices} gets no notice frame and reads the same in the conversation.
 */
class ServerNoticesTest {
    @TempDir
    Path dir;

    /** Both servers give up while the session starts, before session/new is answered. */
    private static final McpLauncher FAILING = (servers, cwd, artifacts, host, listener) -> {
        listener.serverFailed("db", "connection refused (exit code 1)");
        listener.serverNeedsSignIn("tracker", "the server asks for authorization (HTTP 401).");
        return new McpLauncher.Servers() {
            @Override
            public List<Tool> awaitTools(Cancellation cancellation) {
                return List.of();
            }

            @Override
            public void close() {}
        };
    };

    @Test
    void anEditorThatShowsNoticesGetsOneForEachServer() throws Exception {
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), new QueueModel().then(QueueModel.Reply.text("hi")), FAILING)) {
            AcpTestClient client = agent.client();
            client.request("initialize", AcpTestClient.ZED_INITIALIZE.replace("\"session\":{", "\"session\":{\"notices\":{},"));
            String session = client.newSession(dir.toString(), null);
            Waits.eventually(Duration.ofSeconds(10), () -> client.updates(session, "notice").size() == 2, "two notices");
            List<JsonNode> notices = client.updates(session, "notice");
            assertEquals(Json.parse("""
                    {"sessionUpdate":"notice","severity":"error","title":"MCP server \\"db\\" is not available",
                     "description":"connection refused (exit code 1)"}"""), notices.get(0));
            assertEquals(Json.parse("""
                    {"sessionUpdate":"notice","severity":"warning","title":"MCP server \\"tracker\\" needs you to sign in",
                     "description":"the server asks for authorization (HTTP 401). Run /mcp reconnect tracker to sign in."}"""),
                    notices.get(1));

            AcpTestClient.await(client.prompt(session, "hello"));
            String messages = client.updates(session, "agent_message_chunk").toString();
            assertTrue(!messages.contains("is not available"), "told once, as a notice: " + messages);
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void anEditorWithoutNoticesReadsTheFailuresInTheConversation() throws Exception {
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), new QueueModel().then(QueueModel.Reply.text("hi")), FAILING)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            AcpTestClient.await(client.prompt(session, "hello"));
            assertEquals(List.of(), client.updates(session, "notice"));
            String messages = client.updates(session, "agent_message_chunk").toString();
            assertTrue(messages.contains("MCP server `db` is not available: connection refused"), messages);
            assertTrue(messages.contains("MCP server `tracker` is not available: the server asks for authorization"), messages);
            assertEquals(List.of(), client.violations());
        }
    }
}
