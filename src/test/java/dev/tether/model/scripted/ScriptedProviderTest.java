package dev.tether.model.scripted;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.model.ModelException.Kind;
import dev.tether.model.ModelException;
import dev.tether.model.ModelInfo;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.ModelStopReason;
import dev.tether.model.Part;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.ToolDefinition;
import dev.tether.model.Usage;
import dev.tether.testing.model.CancelMidStream;
import dev.tether.testing.model.RecordingEvents;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every field of the scripted model format (docs/reference/scripted-model.md). */
class ScriptedProviderTest {
    static final List<ToolDefinition> TOOLS = List.of(new ToolDefinition("mcp__everything__echo", "echo", Json.object()));

    static ModelRequest request(List<Part> lastUser) {
        return new ModelRequest(null, null, List.of(ModelMessage.user(lastUser)), TOOLS, 100, ThinkingLevel.OFF);
    }

    static final ModelRequest HI = request(List.of(new Part.Text("hi")));

    @Test
    void playsTheDocumentedExampleWithStreamingAndToolCalls(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("demo.jsonl");
        Files.writeString(script, """
                // the documented example
                {"thinking": "I should echo.", "text": "Calling echo now, then I will report back.", "toolCalls": [{"id": "call_1", "name": "mcp__everything__echo", "input": {"message": "hi"}}], "stop": "tool_use"}

                {"text": "The server said hi.", "usage": {"input": 120, "output": 7}, "expect": {"toolResultContains": "Echo: hi", "toolsInclude": ["mcp__everything__echo"], "toolsExclude": "write"}}
                """);
        ScriptedProvider provider = ScriptedProvider.load(script);
        assertEquals(new ModelInfo("scripted", "scripted", true, true, 200_000), provider.info());

        RecordingEvents events = new RecordingEvents();
        ModelResponse first = provider.stream(HI, events, Cancellation.root());

        assertEquals(new ModelResponse(ModelMessage.assistant(List.of(
                new Part.Thinking("I should echo.", null),
                new Part.Text("Calling echo now, then I will report back."),
                new Part.ToolUse("call_1", "mcp__everything__echo", Json.parse("{\"message\":\"hi\"}")))),
                ModelStopReason.TOOL_USE, Usage.ZERO), first);
        List<String> text = events.log().stream().filter(l -> l.startsWith("text:")).toList();
        assertTrue(text.size() > 1 && text.size() <= 4, "text should stream in a few pieces: " + text);
        assertEquals("Calling echo now, then I will report back.", String.join("", text.stream().map(l -> l.substring(5)).toList()));
        assertEquals("tool:call_1 mcp__everything__echo {\"message\":\"hi\"}", events.log().getLast());

        RecordingEvents second = new RecordingEvents();
        ModelResponse answer = provider.stream(request(List.of(
                new Part.ToolResult("call_1", List.of(new Part.Text("Echo: hi")), false))), second, Cancellation.root());
        assertEquals(new ModelResponse(ModelMessage.assistant(List.of(new Part.Text("The server said hi."))),
                ModelStopReason.END_TURN, new Usage(120, 7, 0, 0)), answer);
        assertEquals("usage:120/7/0/0", second.log().getLast());
    }

    @Test
    void chunksStreamOneByOneAndDefaultIdsAndStopsApply() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of("""
                {"chunks": ["Hel", "lo", "!"], "toolCalls": [{"name": "a"}, {"name": "b", "input": {"x": 1}}]}
                {"text": "cut", "stop": "max_tokens"}
                {"stop": "refusal"}
                """, "t.jsonl");
        RecordingEvents events = new RecordingEvents();

        ModelResponse first = provider.stream(HI, events, Cancellation.root());

        assertEquals(List.of("text:Hel", "text:lo", "text:!", "tool:call_1 a {}", "tool:call_2 b {\"x\":1}"), events.log());
        assertEquals(ModelStopReason.TOOL_USE, first.stopReason());
        assertEquals(ModelStopReason.MAX_TOKENS, provider.stream(HI, new RecordingEvents(), Cancellation.root()).stopReason());
        ModelResponse refusal = provider.stream(HI, new RecordingEvents(), Cancellation.root());
        assertEquals(new ModelResponse(ModelMessage.assistant(List.of()), ModelStopReason.REFUSAL, Usage.ZERO), refusal);
    }

    @Test
    void errorLineFailsLikeAProviderAndTheNextLineAnswersTheNextRequest() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of("""
                {"error": {"status": 529, "message": "Overloaded"}}
                {"error": {"status": 401, "message": "invalid x-api-key"}}
                {"text": "ok"}
                """, "t.jsonl");

        ModelException overloaded = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));
        ModelException auth = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));

        assertEquals(Kind.OVERLOADED, overloaded.kind());
        assertEquals("scripted: HTTP 529: Overloaded", overloaded.getMessage());
        assertEquals(Kind.AUTH, auth.kind());
        assertEquals(List.of(new Part.Text("ok")), provider.stream(HI, new RecordingEvents(), Cancellation.root()).message().parts());
    }

    @Test
    void failedExpectationsNameTheLineAndWhatWasSeen() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of("""
                // comment lines count for numbering
                {"text": "x", "expect": {"lastUserTextContains": "deploy", "toolsInclude": ["write"], "toolsExclude": ["mcp__everything__echo"]}}
                {"text": "y", "expect": {"toolResultContains": "done"}}
                """, "t.jsonl");

        ModelException first = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));
        ModelException second = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));

        assertEquals(Kind.SCRIPT, first.kind());
        assertEquals("scripted model: line 2 expectation failed: the last user text should contain \"deploy\" but was \"hi\"; "
                + "the tools offered should include [write] but were [mcp__everything__echo]; "
                + "the tools offered should not include [mcp__everything__echo]", first.getMessage());
        assertEquals("scripted model: line 3 expectation failed: a tool result in the newest user message should contain \"done\""
                + " but there was none", second.getMessage());
    }

    @Test
    void requestExcludesLooksAtTheWholeRequest() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of("""
                {"text": "x", "expect": {"requestExcludes": "hi"}}
                {"text": "y", "expect": {"requestExcludes": "never said"}}
                """, "t.jsonl");
        ModelException e = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));
        assertEquals("scripted model: line 1 expectation failed: nothing in the request (system, messages, tools) should contain \"hi\"",
                e.getMessage());
        assertEquals(List.of(new Part.Text("y")), provider.stream(HI, new RecordingEvents(), Cancellation.root()).message().parts());
    }

    @Test
    void exhaustedScriptFailsReadably() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of("{\"text\": \"only\"}\n", "t.jsonl");
        provider.stream(HI, new RecordingEvents(), Cancellation.root());

        ModelException e = assertThrows(ModelException.class, () -> provider.stream(HI, new RecordingEvents(), Cancellation.root()));

        assertEquals(Kind.SCRIPT, e.kind());
        assertEquals("scripted model: the script has no response left (1 used)", e.getMessage());
    }

    @Test
    void twoInstancesOfOneScriptKeepTheirOwnCursor(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("s.jsonl");
        Files.writeString(script, "{\"text\": \"one\"}\n{\"text\": \"two\"}\n");
        ScriptedProvider a = ScriptedProvider.load(script);
        ScriptedProvider b = ScriptedProvider.load(script);

        a.stream(HI, new RecordingEvents(), Cancellation.root());

        assertEquals(List.of(new Part.Text("one")), b.stream(HI, new RecordingEvents(), Cancellation.root()).message().parts());
        assertEquals(List.of(new Part.Text("two")), a.stream(HI, new RecordingEvents(), Cancellation.root()).message().parts());
    }

    @Test
    void badLinesAreReportedWithTheirNumberWhenLoading() {
        record Case(String script, String message) {}
        List<Case> cases = List.of(
                new Case("{\"text\": \"a\"}\n\n{\"text\": oops}", "scripted model: t.jsonl line 3 is not valid JSON"),
                new Case("[1]", "scripted model: t.jsonl line 1 must be a JSON object"),
                new Case("{\"txt\": \"a\"}", "scripted model: t.jsonl line 1 has unknown field \"txt\""),
                new Case("{\"stop\": \"done\"}", "scripted model: t.jsonl line 1 has unknown stop \"done\""),
                new Case("{\"toolCalls\": [{\"input\": {}}]}", "scripted model: t.jsonl line 1 has a tool call without a \"name\""),
                new Case("{\"error\": {\"message\": \"x\"}}", "scripted model: t.jsonl line 1 \"error\" needs a numeric \"status\""),
                new Case("{\"delayMs\": -5}", "scripted model: t.jsonl line 1 \"delayMs\" must be a number of milliseconds"),
                new Case("{\"expect\": {\"lastUserText\": \"a\"}}", "scripted model: t.jsonl line 1 has unknown expect key \"lastUserText\""));
        for (Case c : cases) {
            ModelException e = assertThrows(ModelException.class, () -> ScriptedProvider.of(c.script(), "t.jsonl"), c.script());
            assertEquals(Kind.SCRIPT, e.kind());
            assertTrue(e.getMessage().startsWith(c.message()), e.getMessage());
        }
    }

    @Test
    void delayMsWaitsBeforeTheResponse() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of("{\"delayMs\": 300, \"text\": \"late\"}", "t.jsonl");
        long start = System.nanoTime();

        provider.stream(HI, new RecordingEvents(), Cancellation.root());

        assertTrue((System.nanoTime() - start) / 1_000_000 >= 290);
    }

    @Test
    void cancellationDuringChunkDelayStopsStreamingAtOnce() throws Exception {
        ScriptedProvider provider = ScriptedProvider.of(
                "{\"thinking\": \"hm\", \"chunks\": [\"a\", \"b\"], \"chunkDelayMs\": 600000}", "t.jsonl");
        // The thought comes at once, then ten minutes before each chunk: the cancel lands in the first delay, and a
        // stream that waited it out before noticing fails the wait for it.
        CancelMidStream.Outcome outcome = CancelMidStream.run(provider, HI);

        assertTrue(outcome.thrown() instanceof CancelledException, "threw " + outcome.thrown());
        assertEquals(List.of("thinking:hm"), outcome.events().log());
    }
}
