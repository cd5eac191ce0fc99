package dev.tether.attacks;

import static dev.tether.attacks.SecretAttacks.KEY;
import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.json.Json;
import dev.tether.security.SecretRegistry;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Confirmed hole 6: {@code run_command env} showed the provider keys to the model and the
 * transcript. A command's environment now lacks Tether's keys and the variables the config
 * marks secret (the editor's terminal gets them set empty), and a known secret a command prints
 * anyway is masked in the model's result, the editor's update and the transcript.
 */
class RunCommandSecretsAttackTest {
    @TempDir
    Path dir;

    @Test
    void aLocalCommandDoesNotInheritAVariableMarkedSecret() throws Exception {
        // This JVM's environment is what a local command inherits; any variable in it can stand in for a key.
        Map.Entry<String, String> victim = System.getenv().entrySet().stream()
                .filter(e -> !e.getKey().equals("PATH") && e.getKey().matches("[A-Za-z_][A-Za-z0-9_]*")
                        && e.getValue().strip().length() >= SecretRegistry.MIN_LENGTH && !e.getValue().contains("\n"))
                .findFirst().orElse(null);
        assumeTrue(victim != null, "no variable in this environment to mark secret");
        var config = Json.object();
        config.putObject("secrets").putArray("env").add(victim.getKey());
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "run_command", Json.object().put("command", "env"))))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        Map<String, String> env = SecretAttacks.env(Map.of(victim.getKey(), victim.getValue()));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, env, config, List.of())) {
            AcpTestClient client = agent.client();
            client.request("initialize", SecretAttacks.NO_TERMINAL);
            String session = client.newSession(workspace(), null);
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "show me the environment"));

            String result = SecretAttacks.lastToolResult(model);
            assertTrue(result.contains("PATH="), "the command ran with its ordinary environment: " + result);
            assertFalse(result.contains(victim.getKey() + "="), result);
            assertFalse(result.contains("ANTHROPIC_API_KEY=") || result.contains("OPENAI_API_KEY="), result);
            assertFalse(SecretAttacks.everything(client, session, model, dir).contains(victim.getValue()));
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void theEditorsTerminalIsToldToBlankTheKeysAndWhatItPrintsAnywayIsMasked() throws Exception {
        List<JsonNode> created = new CopyOnWriteArrayList<>();
        var config = Json.parse("{\"secrets\":{\"env\":[\"MY_MARKED_TOKEN\"]}}");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "run_command", Json.object().put("command", "env"))))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        Map<String, String> env = SecretAttacks.env(Map.of("MY_MARKED_TOKEN", "marked-secret-value-456789"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, env, config, List.of())) {
            AcpTestClient client = agent.client();
            client.onRequest(request -> switch (request.path("method").asString()) {
                case "terminal/create" -> {
                    created.add(request.path("params"));
                    yield Json.object().put("terminalId", "t-1");
                }
                case "terminal/wait_for_exit" -> Json.object().put("exitCode", 0);
                // An editor that ignored the env list: its terminal printed the key it inherited.
                case "terminal/output" -> Json.parse("{\"output\":\"ANTHROPIC_API_KEY=" + KEY
                        + "\\nMY_MARKED_TOKEN=marked-secret-value-456789\\n\",\"truncated\":false,\"exitStatus\":{\"exitCode\":0}}");
                case "terminal/release" -> Json.object();
                default -> AcpTestClient.editor(request);
            });
            client.initialize();
            String session = client.newSession(workspace(), null);
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "show me the environment"));

            assertEquals(1, created.size());
            Map<String, String> blanked = new HashMap<>();
            created.getFirst().path("env").forEach(v -> blanked.put(v.path("name").asString(), v.path("value").asString()));
            for (String name : List.of("ANTHROPIC_API_KEY", "OPENAI_API_KEY", "MY_MARKED_TOKEN")) {
                assertEquals("", blanked.get(name), "terminal/create env: " + created.getFirst());
            }
            String result = SecretAttacks.lastToolResult(model);
            assertTrue(result.contains("ANTHROPIC_API_KEY=" + SecretRegistry.MARKER), result);
            assertTrue(result.contains("MY_MARKED_TOKEN=" + SecretRegistry.MARKER), result);
            String everything = SecretAttacks.everything(client, session, model, dir);
            SecretAttacks.assertNoKey(everything);
            assertFalse(everything.contains("marked-secret-value-456789"));
            SecretAttacks.stillWorks(client, session);
        }
    }

    @Test
    void aKeyACommandPrintsFromTheWorkspaceIsMaskedForTheModelTheEditorAndTheTranscript() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "deploy token: " + KEY + "\n");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("u1", "run_command", Json.object().put("command", "cat notes.txt"))))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.request("initialize", SecretAttacks.NO_TERMINAL);
            String session = client.newSession(ws.toString(), null);
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "read the notes"));

            assertTrue(SecretAttacks.lastToolResult(model).contains("deploy token: " + SecretRegistry.MARKER),
                    SecretAttacks.lastToolResult(model));
            assertTrue(client.updates(session, "tool_call_update").toString().contains("deploy token: " + SecretRegistry.MARKER));
            String transcript = Files.readString(dir.resolve("sessions").resolve(session + ".jsonl"));
            assertTrue(transcript.contains("deploy token: " + SecretRegistry.MARKER));
            SecretAttacks.assertNoKey(SecretAttacks.everything(client, session, model, dir));
            SecretAttacks.stillWorks(client, session);
        }
    }

    private String workspace() throws Exception {
        return Files.createDirectories(dir.resolve("ws")).toString();
    }
}
