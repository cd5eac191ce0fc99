package dev.tether.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.agent.Compactor;
import dev.tether.agent.Conversation;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.model.anthropic.AnthropicProvider;
import dev.tether.model.http.ModelHttp;
import dev.tether.model.openai.OpenAiProvider;
import dev.tether.testing.model.RecordingEvents;
import dev.tether.testing.model.ScriptedModelServer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The wire shape of a compaction for both providers: the summary request carries no tools, and
 * the compacted history that follows pairs every tool call with its result (the model APIs
 * reject a request that does not).
 */
class CompactionRequestShapeTest {
    private static final List<ToolDefinition> TOOLS = List.of(
            new ToolDefinition("read_file", "Read a file", Json.parse("{\"type\":\"object\"}")));

    private final ScriptedModelServer server = ScriptedModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void anthropicSummaryHasNoToolsAndTheCompactedHistoryPairs() throws Exception {
        server.sse("anthropic-final.sse").sse("anthropic-final.sse");
        ModelProvider provider = new AnthropicProvider(new ProviderSettings("anthropic", "claude-sonnet-4-5", "sk-ant-secret",
                server.baseUrl(), "2023-06-01", null, null, null, true, null, 8192), ModelHttp.newClient());
        compactThenAsk(provider);
        JsonNode summary = server.request(0).body();
        assertFalse(summary.has("tools"), summary.toString());
        assertFalse(summary.has("thinking"));
        JsonNode next = server.request(1).body();
        assertTrue(next.has("tools"));
        assertEquals("user", next.path("messages").path(0).path("role").asString());
        assertTrue(next.path("messages").path(0).toString().contains("There are two files."), "the summary opens the history");
        assertPaired(ids(next, "tool_use", "id"), ids(next, "tool_result", "tool_use_id"));
        server.assertToolCallsAnswered();
    }

    @Test
    void openAiSummaryHasNoToolsAndTheCompactedHistoryPairs() throws Exception {
        server.sse("openai-final.sse").sse("openai-final.sse");
        ModelProvider provider = new OpenAiProvider(new ProviderSettings("openai", "gpt-4o-mini", null, null, null, null,
                "sk-openai-secret", server.baseUrl(), true, null, 8192), ModelHttp.newClient());
        compactThenAsk(provider);
        JsonNode summary = server.request(0).body();
        assertFalse(summary.has("tools"), summary.toString());
        JsonNode next = server.request(1).body();
        assertTrue(next.has("tools"));
        List<String> calls = new ArrayList<>();
        List<String> results = new ArrayList<>();
        for (JsonNode message : next.path("messages")) {
            message.path("tool_calls").forEach(c -> calls.add(c.path("id").asString()));
            if (message.path("role").asString().equals("tool")) {
                results.add(message.path("tool_call_id").asString());
            }
        }
        assertPaired(calls, results);
        server.assertToolCallsAnswered();
    }

    /** A session of two steps compacted, then the next conversation request. */
    private static void compactThenAsk(ModelProvider provider) throws ModelException {
        Conversation conversation = new Conversation(List.of(
                ModelMessage.user(List.of(new Part.Text("Read a.txt and b.txt"))),
                ModelMessage.assistant(List.of(new Part.ToolUse("call_a", "read_file", Json.object().put("path", "a.txt")))),
                ModelMessage.user(List.of(new Part.ToolResult("call_a", List.of(new Part.Text("alpha")), false))),
                ModelMessage.assistant(List.of(new Part.ToolUse("call_b", "read_file", Json.object().put("path", "b.txt")))),
                ModelMessage.user(List.of(new Part.ToolResult("call_b", List.of(new Part.Text("bravo")), false)))), m -> { });
        Compactor.Outcome outcome = new Compactor(provider, conversation, event -> { })
                .compact(new Compactor.Request(null, "You are Tether.", 1024), Cancellation.root());
        assertEquals(Compactor.Status.COMPLETED, outcome.status(), String.valueOf(outcome.error()));
        List<String> kept = conversation.forRequest().stream().flatMap(m -> m.parts().stream())
                .filter(Part.ToolUse.class::isInstance).map(p -> ((Part.ToolUse) p).id()).toList();
        assertEquals(List.of("call_b"), kept, "the step in flight stays, the older one is summarised");
        provider.stream(new ModelRequest(null, "You are Tether.", conversation.forRequest(), TOOLS, 1024, ThinkingLevel.OFF),
                new RecordingEvents(), Cancellation.root());
    }

    private static List<String> ids(JsonNode body, String type, String field) {
        List<String> out = new ArrayList<>();
        for (JsonNode message : body.path("messages")) {
            for (JsonNode block : message.path("content")) {
                if (block.path("type").asString().equals(type)) {
                    out.add(block.path(field).asString());
                }
            }
        }
        return out;
    }

    private static void assertPaired(List<String> calls, List<String> results) {
        assertEquals(List.of("call_b"), calls);
        Set<String> known = new HashSet<>(calls);
        assertEquals(calls, results, "every call has its result and no result lacks its call");
        assertTrue(known.containsAll(results));
    }
}
