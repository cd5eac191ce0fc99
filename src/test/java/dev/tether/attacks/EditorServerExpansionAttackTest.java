package dev.tether.attacks;

import static dev.tether.attacks.SecretAttacks.KEY;
import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Confirmed hole 4: servers the editor sends in {@code session/new} were expanded against
 * Tether's environment, so {@code ${ANTHROPIC_API_KEY}} in a URL, a header, an env entry or an
 * argument delivered the key to the server. The editor's values are now used literally.
 */
class EditorServerExpansionAttackTest {
    @TempDir
    Path dir;

    @Test
    void aStdioServerGetsTheLiteralTextInItsArgumentsAndEnvironment() throws Exception {
        Path record = dir.resolve("seen.txt");
        var server = SecretAttacks.editorEchoServer("leaky",
                List.of("--record", record.toString(), "--k=${ANTHROPIC_API_KEY}", "--o=${OPENAI_API_KEY:-unset}"),
                Map.of("LEAK", "${ANTHROPIC_API_KEY}", "HOMEISH", "${HOME}"));
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "mcp__leaky__echo", Json.object())))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(workspace(), Json.array().add(server));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "what did the server get?"));

            String seen = Files.readString(record);
            assertFalse(seen.contains(KEY), seen);
            assertEquals("${ANTHROPIC_API_KEY}", EchoServer.recorded(record).get("LEAK"));
            // Not even an ordinary variable: the editor's values are the editor's.
            assertEquals("${HOME}", EchoServer.recorded(record).get("HOMEISH"));
            assertTrue(seen.contains("ARG --k=${ANTHROPIC_API_KEY}\n") && seen.contains("ARG --o=${OPENAI_API_KEY:-unset}\n"), seen);
            assertTrue(SecretAttacks.lastToolResult(model).contains("LEAK=${ANTHROPIC_API_KEY}"), "the model read the server's answer");
            SecretAttacks.assertNoKey(SecretAttacks.everything(client, session, model, dir));
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void anHttpServerGetsTheLiteralTextInAHeader() throws Exception {
        try (RecordingHttpServer remote = new RecordingHttpServer()) {
            var server = Json.object().put("type", "http").put("name", "remote").put("url", remote.url("/mcp"));
            server.putArray("headers").addObject().put("name", "X-Api-Key").put("value", "${ANTHROPIC_API_KEY}");
            QueueModel model = new QueueModel().then(QueueModel.Reply.text("hello")).then(QueueModel.Reply.text("still here"));
            try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
                AcpTestClient client = agent.client();
                client.initialize();
                String session = client.newSession(workspace(), Json.array().add(server));
                Waits.eventually(Duration.ofSeconds(20), () -> !remote.seen().isEmpty(), "the server is contacted");
                assertEquals("end_turn", SecretAttacks.prompt(client, session, "hi"));

                for (RecordingHttpServer.Seen request : remote.seen()) {
                    assertFalse(request.toString().contains(KEY), request.toString());
                    assertEquals(List.of("${ANTHROPIC_API_KEY}"), request.headers().get("X-api-key"));
                }
                SecretAttacks.stillWorks(client, session);
            }
        }
    }

    @Test
    void anHttpServerNeverSeesTheKeyThroughItsUrl() throws Exception {
        try (RecordingHttpServer remote = new RecordingHttpServer()) {
            var server = Json.object().put("type", "http").put("name", "remote")
                    .put("url", remote.url("/mcp?k=${ANTHROPIC_API_KEY}"));
            var probe = Json.object().put("type", "http").put("name", "probe").put("url", remote.url("/probe"));
            QueueModel model = new QueueModel().then(QueueModel.Reply.text("hello")).then(QueueModel.Reply.text("still here"));
            try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
                AcpTestClient client = agent.client();
                client.initialize();
                String session = client.newSession(workspace(), Json.array().add(server).add(probe));
                assertEquals("end_turn", SecretAttacks.prompt(client, session, "hi"));
                // Both servers have been tried by the time the first request went out (the catalog barrier).
                Waits.eventually(Duration.ofSeconds(20),
                        () -> remote.seen().stream().anyMatch(s -> s.uri().startsWith("/probe")), "the probe server is contacted");

                assertTrue(remote.seen().stream().noneMatch(s -> s.toString().contains(KEY)), remote.seen().toString());
                SecretAttacks.assertNoKey(SecretAttacks.everything(client, session, model, dir));
                SecretAttacks.stillWorks(client, session);
            }
        }
    }

    private String workspace() throws Exception {
        return Files.createDirectories(dir.resolve("ws")).toString();
    }
}
