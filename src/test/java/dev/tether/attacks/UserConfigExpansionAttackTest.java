package dev.tether.attacks;

import static dev.tether.attacks.SecretAttacks.KEY;
import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
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
 * A server in the user's own config may use {@code ${VAR}}, but never to reach Tether's
 * credentials: the provider keys, {@code TETHER_*} and variables the config marks secret expand
 * to empty (defaults ignored) and the session says so; other variables still expand.
 */
class UserConfigExpansionAttackTest {
    private static final String MARKED = "marked-secret-value-456789";
    private static final String OWN = "tether-own-value-123456";

    @TempDir
    Path dir;

    @Test
    void tethersCredentialsExpandToEmptyAndTheUserIsWarned() throws Exception {
        Path record = dir.resolve("seen.txt");
        var server = SecretAttacks.userEchoServer("configured", List.of("--record", record.toString(), "--k=${OPENAI_API_KEY:-dflt}"),
                Map.of("LEAK", "${ANTHROPIC_API_KEY}", "OWN", "${TETHER_CANARY}", "MARKED", "${MY_MARKED_TOKEN}"));
        Map<String, String> env = SecretAttacks.env(Map.of("TETHER_CANARY", OWN, "MY_MARKED_TOKEN", MARKED));
        var config = Json.parse("{\"secrets\":{\"env\":[\"MY_MARKED_TOKEN\"]}}");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "mcp__configured__echo", Json.object())))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, env, config, List.of(server))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(Files.createDirectories(dir.resolve("ws")).toString(), null);
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "what did the server get?"));

            String seen = Files.readString(record);
            Map<String, String> vars = EchoServer.recorded(record);
            assertEquals("", vars.get("LEAK"));
            assertEquals("", vars.get("OWN"));
            assertEquals("", vars.get("MARKED"));
            assertTrue(seen.contains("ARG --k=\n"), "a default does not betray whether the key is set: " + seen);
            assertFalse(seen.contains(KEY) || seen.contains(OWN) || seen.contains(MARKED), seen);

            String told = client.updates(session, "agent_message_chunk").toString();
            for (String name : List.of("ANTHROPIC_API_KEY", "TETHER_CANARY", "MY_MARKED_TOKEN", "OPENAI_API_KEY")) {
                assertTrue(told.contains("`${" + name + "}` names one of Tether's secrets"), told);
            }
            String everything = SecretAttacks.everything(client, session, model, dir);
            SecretAttacks.assertNoKey(everything);
            assertFalse(everything.contains(MARKED), SecretAttacks.excerpt(everything, MARKED));
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void anOrdinaryVariableStillExpands() throws Exception {
        Path record = dir.resolve("seen.txt");
        var server = SecretAttacks.userEchoServer("configured", List.of("--record", record.toString(), "--region=${MY_REGION}"),
                Map.of("MY_VAR", "${MY_VAR}", "WITH_DEFAULT", "${NOT_SET_ANYWHERE:-fallback}"));
        Map<String, String> env = SecretAttacks.env(Map.of("MY_VAR", "plain-value", "MY_REGION", "eu-west"));
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "mcp__configured__echo", Json.object())))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, env, Json.object(), List.of(server))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(Files.createDirectories(dir.resolve("ws")).toString(), null);
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "what did the server get?"));

            Map<String, String> vars = EchoServer.recorded(record);
            assertEquals("plain-value", vars.get("MY_VAR"));
            assertEquals("fallback", vars.get("WITH_DEFAULT"));
            assertTrue(Files.readString(record).contains("ARG --region=eu-west\n"));
            assertFalse(client.updates(session, "agent_message_chunk").toString().contains("Tether's secrets"));
            SecretAttacks.stillWorks(client, session);
        }
    }
}
