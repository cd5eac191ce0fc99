package dev.tether.model.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.ModelStopReason;
import dev.tether.model.Part;
import dev.tether.model.ProviderSettings;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.ToolDefinition;
import dev.tether.model.Usage;
import dev.tether.model.http.ModelHttp;
import dev.tether.testing.model.RecordingEvents;
import dev.tether.testing.model.ScriptedModelServer;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Reasoning, text and fragmented tool calls over Chat Completions, answered with role:tool messages. */
class OpenAiToolRoundTripTest {
    static final List<ToolDefinition> TOOLS = List.of(
            new ToolDefinition("list_dir", "List a directory", Json.parse("{\"type\":\"object\"}")),
            new ToolDefinition("git_status", null, Json.parse("{\"type\":\"object\"}")));

    private final ScriptedModelServer server = ScriptedModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    static ProviderSettings settings(String baseUrl, String key) {
        return new ProviderSettings("openai", "gpt-4o-mini", null, null, null, null, key, baseUrl, true, null, 8192);
    }

    @Test
    void fragmentedToolCallsMergeAndTheirResultsGoBackAsToolMessages() throws Exception {
        server.sse("openai-tool-use.sse").sse("openai-final.sse");
        OpenAiProvider provider = new OpenAiProvider(settings(server.baseUrl() + "/v1/", "sk-openai-secret"), ModelHttp.newClient());
        ModelMessage ask = ModelMessage.user(List.of(new Part.Text("List src/main"), new Part.Image("image/png", "iVBORw0KGgo=")));

        RecordingEvents events = new RecordingEvents();
        ModelResponse first = provider.stream(new ModelRequest(null, "You are Tether.", List.of(ask), TOOLS, 0, ThinkingLevel.MEDIUM),
                events, Cancellation.root());

        ModelMessage assistant = ModelMessage.assistant(List.of(
                new Part.Thinking("Need the listing.", null),
                new Part.Text("Let me look at the directory."),
                new Part.ToolUse("call_abc", "list_dir", Json.parse("{\"path\":\"src/main\",\"depth\":2}")),
                new Part.ToolUse("call_def", "git_status", Json.object())));
        assertEquals(new ModelResponse(assistant, ModelStopReason.TOOL_USE, new Usage(372, 42, 128, 0)), first);
        assertEquals(List.of("thinking:Need the listing.", "text:Let me look", "text: at the directory.", "usage:372/42/128/0",
                "tool:call_abc list_dir {\"path\":\"src/main\",\"depth\":2}", "tool:call_def git_status {}"), events.log());

        ModelMessage results = ModelMessage.user(List.of(
                new Part.ToolResult("call_abc", List.of(new Part.Text("a.txt\nb.txt"), new Part.Image("image/png", "iVBORw0KGgo=")), false),
                new Part.ToolResult("call_def", List.of(new Part.Text("fatal: not a git repository")), true),
                new Part.Text("Be brief.")));
        ModelResponse second = provider.stream(
                new ModelRequest(null, "You are Tether.", List.of(ask, first.message(), results), TOOLS, 0, ThinkingLevel.MEDIUM),
                new RecordingEvents(), Cancellation.root());

        assertEquals(new ModelResponse(ModelMessage.assistant(List.of(new Part.Text("There are two files."))),
                ModelStopReason.END_TURN, new Usage(620, 5, 0, 0)), second);
        assertEquals(Json.parse("""
                {"model":"gpt-4o-mini","stream":true,"stream_options":{"include_usage":true},"max_tokens":8192,
                 "tools":[{"type":"function","function":{"name":"list_dir","description":"List a directory","parameters":{"type":"object"}}},
                          {"type":"function","function":{"name":"git_status","parameters":{"type":"object"}}}],
                 "messages":[
                  {"role":"system","content":"You are Tether."},
                  {"role":"user","content":[{"type":"text","text":"List src/main"},
                                            {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}}]},
                  {"role":"assistant","content":"Let me look at the directory.","tool_calls":[
                    {"id":"call_abc","type":"function","function":{"name":"list_dir","arguments":"{\\"path\\":\\"src/main\\",\\"depth\\":2}"}},
                    {"id":"call_def","type":"function","function":{"name":"git_status","arguments":"{}"}}]},
                  {"role":"tool","tool_call_id":"call_abc","content":"a.txt\\nb.txt[image: image/png, 8 bytes, in the user message that follows]"},
                  {"role":"tool","tool_call_id":"call_def","content":"[tool error] fatal: not a git repository"},
                  {"role":"user","content":[{"type":"text","text":"The image of tool call call_abc:"},
                                            {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}},
                                            {"type":"text","text":"Be brief."}]}]}"""), server.request(1).body());
        assertEquals("/v1/chat/completions", server.request(1).path());
        assertEquals("Bearer sk-openai-secret", server.request(1).headers().get("authorization"));
        server.assertToolCallsAnswered();
    }

    @Test
    void toolCallsWithoutIndexOrIdAndFinishStopStillMakeATurnOfToolUse() throws Exception {
        server.sse("openai-no-index.sse");
        ProviderSettings noUsage = new ProviderSettings("openai", "llama3", null, null, null, null, null, server.baseUrl(), false, null, 512);
        OpenAiProvider provider = new OpenAiProvider(noUsage, ModelHttp.newClient());

        ModelResponse response = provider.stream(new ModelRequest(null, null,
                List.of(ModelMessage.user(List.of(new Part.Text("ls")))), TOOLS, 0, ThinkingLevel.OFF), new RecordingEvents(), Cancellation.root());

        assertEquals(new ModelResponse(ModelMessage.assistant(List.of(
                new Part.Thinking("Listing first.", null),
                new Part.ToolUse("call_1", "list_dir", Json.parse("{\"path\":\".\"}")))), ModelStopReason.TOOL_USE, Usage.ZERO), response);
        assertFalse(server.request(0).headers().containsKey("authorization"));
        assertFalse(server.request(0).body().has("stream_options"));
        assertEquals("/v1/chat/completions", server.request(0).path());
    }

    @Test
    void baseUrlWithOrWithoutV1ReachesTheSameEndpoint() {
        assertEquals(URI.create("http://localhost:11434/v1/chat/completions"), OpenAiProvider.endpoint("http://localhost:11434"));
        assertEquals(URI.create("http://localhost:11434/v1/chat/completions"), OpenAiProvider.endpoint("http://localhost:11434/v1"));
        assertEquals(URI.create("https://openrouter.ai/api/v1/chat/completions"), OpenAiProvider.endpoint("https://openrouter.ai/api/v1/"));
    }
}
