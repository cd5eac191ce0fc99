package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server asks the editor to open a URL (elicitation in URL mode). A plain {@code http://} page
 * on another host — where the page and what the user types can be read or changed on the way —
 * never reaches the user; a loopback {@code http://} page does. And a server may ask only while
 * one of its calls runs: a sign-in page popping up out of the blue is refused.
 */
class UrlElicitationAttackTest {
    @TempDir
    Path state;

    @Test
    void plainHttpToAnotherHostIsRefusedAndTheSessionGoesOn() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("open", "mcp__urls__ask", elicit("http://example.com/login"))))
                .then(QueueModel.Reply.text("refused"))
                .then(QueueModel.Reply.text("next"));
        try (McpAttackSession attack = chaos(model)) {
            assertEquals("end_turn", attack.prompt("go"));
            JsonNode answer = Json.parse(attack.toolResult("open"));
            assertEquals(-32602, answer.path("error").path("code").asInt(), answer.toString());
            assertTrue(answer.path("error").path("message").asString().startsWith("plain http URLs may only point at this machine"));
            assertTrue(attack.elicitations.isEmpty(), "the editor was never asked to open it");
            assertEquals("end_turn", attack.prompt("and now?"));
        }
    }

    @Test
    void plainHttpToLoopbackIsShown() {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("open", "mcp__urls__ask", elicit("http://127.0.0.1:8976/cb"))))
                .then(QueueModel.Reply.text("shown"));
        try (McpAttackSession attack = chaos(model)) {
            assertEquals("end_turn", attack.prompt("go"));
            assertEquals("accept", Json.parse(attack.toolResult("open")).path("result").path("action").asString());
            assertEquals(1, attack.elicitations.size());
            assertEquals("http://127.0.0.1:8976/cb", attack.elicitations.getFirst().path("url").asString());
        }
    }

    @Test
    void aUrlElicitationWithNoCallOfItsServerInFlightIsRefused() throws Exception {
        Path answers = state.resolve("late-answers.jsonl");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("call", "mcp__late__later", Json.object().put("delayMs", 300))))
                .then(QueueModel.Reply.text("called"))
                .then(QueueModel.Reply.text("next"));
        try (McpAttackSession attack = new McpAttackSession(state, model,
                List.of(McpTestSupport.javaServer("late", LateElicitationServer.class, Map.of(), answers.toString())),
                Map.of("late", McpServerPolicy.DEFAULT), McpConnectionSettings.DEFAULT)) {
            assertEquals("end_turn", attack.prompt("go"));
            assertEquals("answered", attack.toolResult("call"));
            // The server appends the answer line: wait for the whole line, not just the file.
            Waits.eventually(Duration.ofSeconds(15), () -> wholeLine(answers),
                    "the late elicitation is answered");
            JsonNode answer = Json.parse(Files.readAllLines(answers).getFirst());
            assertEquals("Tether accepts URL elicitations only during a tool call to this server",
                    answer.path("error").path("message").asString(), answer.toString());
            assertTrue(attack.elicitations.isEmpty(), "the editor was never asked to open it");
            assertEquals("end_turn", attack.prompt("and now?"));
        }
    }

    private McpAttackSession chaos(QueueModel model) {
        return new McpAttackSession(state, model, List.of(McpTestSupport.chaos("urls")), Map.of("urls", McpServerPolicy.DEFAULT),
                McpConnectionSettings.DEFAULT);
    }

    private static ObjectNode elicit(String url) {
        ObjectNode args = Json.object().put("method", "elicitation/create");
        args.putObject("params").put("mode", "url").put("elicitationId", "e-1").put("message", "Log in").put("url", url);
        return args;
    }

    private static boolean wholeLine(Path file) {
        try {
            return Files.exists(file) && Files.readString(file).endsWith("\n");
        } catch (java.io.IOException e) {
            return false;
        }
    }
}
