package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.config.StoredCredentials;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A key stored by {@code tether login} gets the protection of a key in the environment: a stdio
 * MCP server started by the real launcher does not see it (not even through {@code ${VAR}}), and
 * the key is a known secret, masked wherever it would reach the editor, the transcript or the model.
 */
class StoredKeyAttackTest {
    private static final String STORED = "sk-ant-api03-STORED-canary-0123456789abcdef";

    @TempDir
    Path dir;

    @Test
    void aStdioServerNeverSeesTheStoredKeyAndTheEditorNeverReadsIt() throws Exception {
        Map<String, String> env = new HashMap<>(SecretAttacks.env(Map.of()));
        env.remove("ANTHROPIC_API_KEY");
        env.remove("OPENAI_API_KEY");
        env.put("HOME", dir.toString());
        env.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
        StoredCredentials.save(StoredCredentials.file(TetherPaths.from(env)), "anthropic", STORED);

        Path record = dir.resolve("seen.txt");
        var server = SecretAttacks.userEchoServer("configured", List.of("--record", record.toString()),
                Map.of("LEAK", "${ANTHROPIC_API_KEY}"));
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "mcp__configured__echo", Json.object())))
                .then(QueueModel.Reply.text("the key is " + STORED))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, env, Json.object(), List.of(server))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(Files.createDirectories(dir.resolve("ws")).toString(), null);
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "what did the server get?"));

            String seen = Files.readString(record);
            assertEquals("", EchoServer.recorded(record).get("LEAK"));
            assertFalse(seen.contains(STORED), seen);
            assertFalse(seen.contains("ANTHROPIC_API_KEY"), seen);

            String everything = SecretAttacks.everything(client, session, model, dir);
            assertTrue(client.updates(session, "agent_message_chunk").toString().contains("the key is "), everything);
            assertFalse(everything.contains(STORED), SecretAttacks.excerpt(everything, STORED));
            SecretAttacks.stillWorks(client, session);
        }
    }
}
