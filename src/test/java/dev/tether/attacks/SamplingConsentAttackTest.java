package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server allowed to sample asks the user's model to read 50 messages of 64 KB each, hoping
 * the consent shows the first 2,000 characters while the rest — instructions to the model, the
 * user's data — goes out unseen. The user approves what is sent: such a request is refused before
 * anyone is asked, and a request that is shown is shown whole, every character of it being what
 * the model then reads.
 */
class SamplingConsentAttackTest {
    @TempDir
    Path state;

    private static final McpServerPolicy SAMPLING = new McpServerPolicy(Map.of(), List.of(), List.of(), null, false, true, "warning");

    @Test
    void fiftyMessagesOf64KbAreRefusedUnseenAndUnsent() {
        ArrayNode messages = Json.array();
        for (int i = 0; i < 50; i++) {
            messages.add(message("user", ("message " + i + " ").repeat(64 * 1024 / 11)));
        }
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("sample", "mcp__sampler__ask", ask(messages))))
                .then(QueueModel.Reply.text("done"))
                .then(QueueModel.Reply.text("still fine"));
        try (McpAttackSession attack = session(model)) {
            assertEquals("end_turn", attack.prompt("go"));
            JsonNode answer = Json.parse(attack.toolResult("sample"));
            assertEquals(-32602, answer.path("error").path("code").asInt(), answer.toString());
            assertTrue(answer.path("error").path("message").asString().contains("requests of at most 32000 characters, shown whole"),
                    answer.toString());
            assertTrue(samplingConsents(attack).isEmpty(), "the user was never asked");
            assertEquals(2, model.requests().size(), "the model never read the request");

            assertEquals("end_turn", attack.prompt("next"));
        }
    }

    @Test
    void aRequestThatIsShownIsShownWholeAndIsExactlyWhatTheModelReads() {
        ArrayNode messages = Json.array();
        for (int i = 0; i < 5; i++) {
            messages.add(message(i % 2 == 0 ? "user" : "assistant", "part " + i + ": " + "w".repeat(4000) + " end of part " + i));
        }
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("sample", "mcp__sampler__ask", ask(messages))))
                .then(QueueModel.Reply.text("the sampled answer"))
                .then(QueueModel.Reply.text("done"));
        try (McpAttackSession attack = session(model)) {
            assertEquals("end_turn", attack.prompt("go"));
            JsonNode answer = Json.parse(attack.toolResult("sample"));
            assertEquals("the sampled answer", answer.path("result").path("content").path("text").asString(), answer.toString());

            List<JsonNode> consents = samplingConsents(attack);
            assertEquals(1, consents.size());
            String shown = consents.getFirst().path("toolCall").path("content").path(0).path("content").path("text").asString();
            ModelRequest sampled = model.requests().get(1);
            String sent = sampled.messages().stream().map(SamplingConsentAttackTest::text).collect(Collectors.joining("\n"));
            for (JsonNode message : messages) {
                String text = message.path("content").path("text").asString();
                assertTrue(shown.contains(text), "the consent shows all of: " + text.substring(0, 10));
                assertTrue(sent.contains(text));
            }
            assertTrue(shown.length() >= sent.length(), "nothing is sent that was not shown");
        }
    }

    private McpAttackSession session(QueueModel model) {
        return new McpAttackSession(state, model, List.of(McpTestSupport.chaos("sampler")), Map.of("sampler", SAMPLING),
                McpConnectionSettings.DEFAULT);
    }

    private static List<JsonNode> samplingConsents(McpAttackSession attack) {
        return attack.permissions.stream()
                .filter(p -> p.path("toolCall").path("title").asString().contains("asks to use the model")).toList();
    }

    private static ObjectNode ask(ArrayNode messages) {
        ObjectNode params = Json.object();
        params.set("messages", messages);
        params.put("maxTokens", 100);
        ObjectNode args = Json.object().put("method", "sampling/createMessage");
        args.set("params", params);
        return args;
    }

    private static ObjectNode message(String role, String text) {
        ObjectNode message = Json.object().put("role", role);
        message.putObject("content").put("type", "text").put("text", text);
        return message;
    }

    private static String text(ModelMessage message) {
        return message.parts().stream().filter(Part.Text.class::isInstance).map(p -> ((Part.Text) p).text()).collect(Collectors.joining());
    }
}
