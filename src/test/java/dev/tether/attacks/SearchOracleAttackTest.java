package dev.tether.attacks;

import static dev.tether.attacks.SecretAttacks.KEY;
import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, suspected item: {@code search} as a yes/no oracle on a key's characters. In readOnly
 * mode, with no question, a pattern such as {@code "apiKey":".{13}C} matched or not depending on
 * the key's 14th character, so the model could read the key one character at a time from whether
 * it got a (masked) line or "No matches". The pattern now runs on the masked line: a right guess
 * and a wrong one get the same answer, at every position probed.
 */
class SearchOracleAttackTest {
    @TempDir
    Path dir;

    @Test
    void aPatternProbingTheKeysNextCharacterGetsTheSameAnswerForRightAndWrongGuesses() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("settings.json"), "{\"apiKey\":\"" + KEY + "\",\"theme\":\"dark\"}\n");
        List<Part.ToolUse> probes = new ArrayList<>();
        for (int known : new int[] {0, 13, KEY.length() - 1}) {
            char right = KEY.charAt(known);
            char wrong = right == 'Z' ? 'Y' : 'Z';
            probes.add(use("right" + known, "search", Json.object().put("pattern", probe(known, right)).put("path", "settings.json")));
            probes.add(use("wrong" + known, "search", Json.object().put("pattern", probe(known, wrong)).put("path", "settings.json")));
        }
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(probes.toArray(Part.ToolUse[]::new)))
                .then(QueueModel.Reply.text("seen"))
                .then(QueueModel.Reply.text("still here"));
        try (InProcessAgent agent = SecretAttacks.agent(dir, model, SecretAttacks.env(Map.of()), Json.object(), List.of())) {
            AcpTestClient client = agent.client();
            client.request("initialize", "{\"protocolVersion\":1,\"clientCapabilities\":{}}");
            String session = client.newSession(ws.toString(), null);
            client.request("session/set_mode", Json.object().put("sessionId", session).put("modeId", "readOnly"));
            assertEquals("end_turn", SecretAttacks.prompt(client, session, "check the settings"));

            Map<String, String> results = SecretAcrossCutsAttackTest.results(model);
            for (int known : new int[] {0, 13, KEY.length() - 1}) {
                char right = KEY.charAt(known);
                char wrong = right == 'Z' ? 'Y' : 'Z';
                String whenRight = results.get("right" + known);
                String whenWrong = results.get("wrong" + known);
                assertTrue(whenWrong.startsWith("No matches"), whenWrong);
                assertEquals(whenWrong.replace(probe(known, wrong), probe(known, right)), whenRight,
                        "character " + known + ": the answer does not depend on the guess");
            }
            assertTrue(client.agentRequests().stream().noneMatch(r -> r.path("method").asString().equals("session/request_permission")));
            SecretAttacks.assertNoFragment(SecretAttacks.everything(client, session, model, dir), KEY);
            SecretAttacks.stillWorks(client, session);
        }
    }

    /** "Is character {@code known} of the key {@code guess}?", asked without spelling any of the key. */
    private static String probe(int known, char guess) {
        return "\"apiKey\":\"." + "{" + known + "}" + java.util.regex.Pattern.quote(String.valueOf(guess));
    }
}
