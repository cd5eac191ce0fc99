package dev.tether.attacks;

import static dev.tether.attacks.SecretAttacks.KEY;
import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.security.SecretRegistry;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A transcript written while a key was not yet known (the key set later, a transcript from an
 * older version) holds it in clear: loading the session must not replay it to the editor nor
 * send it back to the model.
 */
class TranscriptReplaySecretsAttackTest {
    @TempDir
    Path dir;

    @Test
    void aKeyInAnOldTranscriptIsMaskedInTheReplayAndForTheModel() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "deploy token: " + KEY + "\n");
        String session;
        QueueModel first = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "run_command", Json.object().put("command", "cat notes.txt"))))
                .then(QueueModel.Reply.text("noted"));
        // The first process knows no secret: the key lands in the transcript in clear.
        try (InProcessAgent agent = SecretAttacks.agent(dir, first, Map.of(), SecretRegistry.empty(), List.of())) {
            AcpTestClient client = agent.client();
            client.request("initialize", SecretAttacks.NO_TERMINAL);
            session = client.newSession(ws.toString(), null);
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "read the notes"));
        }
        assertTrue(Files.readString(dir.resolve("sessions").resolve(session + ".jsonl")).contains(KEY), "the set-up leaves the key on disk");

        QueueModel second = new QueueModel().then(QueueModel.Reply.text("hello again")).then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, second, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.request("initialize", SecretAttacks.NO_TERMINAL);
            client.request("session/load", Json.object().put("sessionId", session).put("cwd", ws.toString()).set("mcpServers", Json.array()));
            assertTrue(client.updates(session, "tool_call_update").toString().contains("deploy token: " + SecretRegistry.MARKER));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "and now?"));

            String sent = second.requests().getFirst().messages().toString();
            assertTrue(sent.contains("deploy token: " + SecretRegistry.MARKER), sent);
            String seen = client.updates(session).toString() + sent;
            SecretAttacks.assertNoKey(seen);
            SecretAttacks.stillWorks(client, session);
        }
    }
}
