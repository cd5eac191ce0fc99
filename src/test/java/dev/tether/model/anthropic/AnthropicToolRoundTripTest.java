package dev.tether.model.anthropic;

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
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Thinking, text and two tool calls, answered with tool results, over the real wire format. */
class AnthropicToolRoundTripTest {
    static final String SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds";
    static final String REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP";
    static final List<ToolDefinition> TOOLS = List.of(
            new ToolDefinition("list_dir", "List a directory", Json.parse("{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}}}")),
            new ToolDefinition("git_status", "Show git status", Json.parse("{\"type\":\"object\"}")));

    private final ScriptedModelServer server = ScriptedModelServer.start();

    @AfterEach
    void stop() {
        server.close();
    }

    static ProviderSettings settings(String baseUrl) {
        return new ProviderSettings("anthropic", "claude-sonnet-4-5", "sk-ant-secret", baseUrl, "2023-06-01", null,
                null, null, true, null, 8192);
    }

    @Test
    void toolCallsStreamAndTheirResultsGoBackWithThinkingUnchanged() throws Exception {
        server.sse("anthropic-tool-use.sse").sse("anthropic-final.sse");
        AnthropicProvider provider = new AnthropicProvider(settings(server.baseUrl()), ModelHttp.newClient());
        ModelMessage ask = ModelMessage.user(List.of(new Part.Text("List src/main")));

        RecordingEvents events = new RecordingEvents();
        ModelResponse first = provider.stream(new ModelRequest(null, "You are Tether.", List.of(ask), TOOLS, 4096, ThinkingLevel.LOW),
                events, Cancellation.root());

        ModelMessage assistant = ModelMessage.assistant(List.of(
                new Part.Thinking("The user wants the file listed.", SIGNATURE),
                new Part.RedactedThinking(REDACTED),
                new Part.Text("Let me look at the directory."),
                new Part.ToolUse("toolu_01A", "list_dir", Json.parse("{\"path\":\"src/main\",\"depth\":2}")),
                new Part.ToolUse("toolu_01B", "git_status", Json.object())));
        assertEquals(new ModelResponse(assistant, ModelStopReason.TOOL_USE, new Usage(412, 97, 0, 1800)), first);
        assertEquals(List.of(
                "thinking:The user wants the file ", "thinking:listed.",
                "text:Let me look", "text: at the directory.",
                "tool:toolu_01A list_dir {\"path\":\"src/main\",\"depth\":2}",
                "tool:toolu_01B git_status {}",
                "usage:412/97/0/1800"), events.log());

        ModelMessage results = ModelMessage.user(List.of(
                new Part.ToolResult("toolu_01A", List.of(new Part.Text("a.txt\nb.txt"), new Part.Image("image/png", "iVBORw0KGgo=")), false),
                new Part.ToolResult("toolu_01B", List.of(new Part.Text("fatal: not a git repository")), true)));
        ModelResponse second = provider.stream(
                new ModelRequest(null, "You are Tether.", List.of(ask, first.message(), results), TOOLS, 4096, ThinkingLevel.LOW),
                new RecordingEvents(), Cancellation.root());

        assertEquals(new ModelResponse(ModelMessage.assistant(List.of(new Part.Text("There are two files."))),
                ModelStopReason.END_TURN, new Usage(35, 6, 2212, 0)), second);

        String tools = """
                "tools":[{"name":"list_dir","description":"List a directory","input_schema":{"type":"object","properties":{"path":{"type":"string"}}}},
                         {"name":"git_status","description":"Show git status","input_schema":{"type":"object"},"cache_control":{"type":"ephemeral"}}]""";
        String head = """
                "model":"claude-sonnet-4-5","max_tokens":4096,"stream":true,
                "system":[{"type":"text","text":"You are Tether.","cache_control":{"type":"ephemeral"}}],
                "thinking":{"type":"enabled","budget_tokens":2048},""";
        assertEquals(Json.parse("{" + head + tools + """
                ,"messages":[{"role":"user","content":[{"type":"text","text":"List src/main","cache_control":{"type":"ephemeral"}}]}]}"""),
                server.request(0).body());
        assertEquals(Json.parse("{" + head + tools + """
                ,"messages":[
                  {"role":"user","content":[{"type":"text","text":"List src/main"}]},
                  {"role":"assistant","content":[
                    {"type":"thinking","thinking":"The user wants the file listed.","signature":"%s"},
                    {"type":"redacted_thinking","data":"%s"},
                    {"type":"text","text":"Let me look at the directory."},
                    {"type":"tool_use","id":"toolu_01A","name":"list_dir","input":{"path":"src/main","depth":2}},
                    {"type":"tool_use","id":"toolu_01B","name":"git_status","input":{}}]},
                  {"role":"user","content":[
                    {"type":"tool_result","tool_use_id":"toolu_01A","content":[{"type":"text","text":"a.txt\\nb.txt"},
                      {"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}]},
                    {"type":"tool_result","tool_use_id":"toolu_01B","content":[{"type":"text","text":"fatal: not a git repository"}],
                     "is_error":true,"cache_control":{"type":"ephemeral"}}]}]}""".formatted(SIGNATURE, REDACTED)),
                server.request(1).body());

        ScriptedModelServer.Recorded sent = server.request(1);
        assertEquals("/v1/messages", sent.path());
        assertEquals("sk-ant-secret", sent.headers().get("x-api-key"));
        assertEquals("2023-06-01", sent.headers().get("anthropic-version"));
        assertFalse(sent.headers().containsKey("anthropic-beta"));
        assertFalse(sent.headers().containsKey("authorization"));
        server.assertToolCallsAnswered();
    }

    @Test
    void thinkingBudgetAboveMaxTokensRaisesMaxTokensAndOffSendsNoThinking() throws Exception {
        server.sse("anthropic-final.sse").sse("anthropic-final.sse");
        AnthropicProvider provider = new AnthropicProvider(settings(server.baseUrl()), ModelHttp.newClient());
        List<ModelMessage> hi = List.of(ModelMessage.user(List.of(new Part.Text("hi"))));

        provider.stream(new ModelRequest("claude-opus-4-1", null, hi, List.of(), 1000, ThinkingLevel.HIGH), new RecordingEvents(), Cancellation.root());
        provider.stream(new ModelRequest(null, null, hi, List.of(), 0, ThinkingLevel.OFF), new RecordingEvents(), Cancellation.root());

        assertEquals(Json.parse("""
                {"model":"claude-opus-4-1","max_tokens":25576,"stream":true,"thinking":{"type":"enabled","budget_tokens":24576},
                 "messages":[{"role":"user","content":[{"type":"text","text":"hi","cache_control":{"type":"ephemeral"}}]}]}"""),
                server.request(0).body());
        assertEquals(Json.parse("""
                {"model":"claude-sonnet-4-5","max_tokens":8192,"stream":true,
                 "messages":[{"role":"user","content":[{"type":"text","text":"hi","cache_control":{"type":"ephemeral"}}]}]}"""),
                server.request(1).body());
    }
}
