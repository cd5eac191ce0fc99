package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * ACP 1.25 lets an editor send {@code null} for a list it has nothing in: {@code mcpServers} and
 * {@code additionalDirectories} of session/new, load and resume, and a server's {@code args},
 * {@code env} and {@code headers}. Each is read as empty, and the session works.
 */
class NullArraysTest {
    @TempDir
    Path dir;
    private final List<McpServerSpec> started = new CopyOnWriteArrayList<>();

    private final McpLauncher recording = (servers, cwd, artifacts, host, listener) -> {
        started.addAll(servers);
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
    void nullListsAreEmptyEverywhereTheEditorSendsThem() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("first")).then(QueueModel.Reply.text("second"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, recording)) {
            AcpTestClient client = agent.client();
            client.initialize();
            JsonNode created = client.request("session/new", Json.parse("""
                    {"cwd":"%s","additionalDirectories":null,"mcpServers":[
                      {"name":"local","command":"/bin/true","args":null,"env":null},
                      {"type":"http","name":"remote","url":"http://127.0.0.1:9/mcp","headers":null}]}""".formatted(dir)));
            String session = created.path("sessionId").asString();
            assertTrue(!session.isEmpty(), created.toString());
            AcpTestClient.await(client.prompt(session, "hello"));
            assertTrue(client.updates(session, "agent_message_chunk").toString().contains("first"));
            assertEquals(List.of(
                    new McpServerSpec.Stdio("local", "/bin/true", List.of(), java.util.Map.of(), null, McpServerSpec.Origin.EDITOR),
                    new McpServerSpec.Http("remote", "http://127.0.0.1:9/mcp", java.util.Map.of(), McpServerSpec.Origin.EDITOR)),
                    started);

            client.request("session/close", Json.object().put("sessionId", session));
            JsonNode loaded = AcpTestClient.await(client.send("session/load", Json.parse("""
                    {"sessionId":"%s","cwd":"%s","mcpServers":null,"additionalDirectories":null}""".formatted(session, dir))));
            assertTrue(loaded.has("result"), loaded.toString());
            client.request("session/close", Json.object().put("sessionId", session));
            JsonNode resumed = AcpTestClient.await(client.send("session/resume", Json.parse("""
                    {"sessionId":"%s","cwd":"%s","mcpServers":null,"additionalDirectories":null}""".formatted(session, dir))));
            assertTrue(resumed.has("result"), resumed.toString());
            AcpTestClient.await(client.prompt(session, "again"));
            assertTrue(client.updates(session, "agent_message_chunk").toString().contains("second"));
            assertEquals(List.of(), client.violations());
        }
    }
}
