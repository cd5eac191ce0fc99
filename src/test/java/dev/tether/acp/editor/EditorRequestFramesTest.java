package dev.tether.acp.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.ClientChannel;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.session.api.SessionEvent;
import dev.tether.tools.Location;
import dev.tether.tools.Terminals;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * What Tether sends the editor, method by method, as whole frames: the records of
 * {@code acp.schema.client} write the members ACP names, with absent values left out.
 */
class EditorRequestFramesTest {
    /** Records each request and notification; answers every request with {@code answer}. */
    static final class ScriptedEditor implements ClientChannel {
        final List<String> sent = new ArrayList<>();
        private final JsonNode answer;

        ScriptedEditor(String answer) {
            this.answer = Json.parse(answer);
        }

        @Override
        public JsonNode request(String method, Object params, Cancellation cancellation) {
            sent.add(method + " " + Json.write(Json.tree(params)));
            return answer;
        }

        @Override
        public void notify(String method, Object params) {
            sent.add(method + " " + Json.write(Json.tree(params)));
        }

        JsonNode params(int index) {
            String frame = sent.get(index);
            return Json.parse(frame.substring(frame.indexOf(' ') + 1));
        }

        String method(int index) {
            return sent.get(index).substring(0, sent.get(index).indexOf(' '));
        }
    }

    private static final ToolCallView VIEW = new ToolCallView("Connect github", ToolKind.FETCH,
            List.of(new Location("/ws/.mcp.json", null)), List.of(new ToolDisplay.Text("npx github-mcp")));

    @Test
    void fileSystemRequests() throws Exception {
        ScriptedEditor editor = new ScriptedEditor("{\"content\":\"text\"}");
        EditorFileSystem files = new EditorFileSystem(editor, "s-1");
        files.read(Path.of("/ws/a.txt"), null, null, Cancellation.root());
        files.read(Path.of("/ws/a.txt"), 3, 10, Cancellation.root());
        files.write(Path.of("/ws/b.txt"), "new", Cancellation.root());
        assertEquals(List.of("fs/read_text_file", "fs/read_text_file", "fs/write_text_file"),
                List.of(editor.method(0), editor.method(1), editor.method(2)));
        assertEquals(Json.parse("{\"sessionId\":\"s-1\",\"path\":\"/ws/a.txt\"}"), editor.params(0));
        assertEquals(Json.parse("{\"sessionId\":\"s-1\",\"path\":\"/ws/a.txt\",\"line\":3,\"limit\":10}"), editor.params(1));
        assertEquals(Json.parse("{\"sessionId\":\"s-1\",\"path\":\"/ws/b.txt\",\"content\":\"new\"}"), editor.params(2));
    }

    @Test
    void terminalRequests() throws Exception {
        ScriptedEditor editor = new ScriptedEditor("{\"terminalId\":\"t-1\",\"output\":\"\",\"truncated\":false}");
        EditorTerminals terminals = new EditorTerminals(editor, "s-1");
        terminals.create(new Terminals.Launch("make", List.of("-j", "2"), "/ws", List.of(new Terminals.Variable("CI", "1")), 4096),
                Cancellation.root());
        terminals.waitForExit("t-1", Cancellation.root());
        terminals.output("t-1", Cancellation.root());
        terminals.kill("t-1", Cancellation.root());
        terminals.release("t-1", Cancellation.root());
        assertEquals(Json.parse("""
                {"sessionId":"s-1","command":"make","args":["-j","2"],"env":[{"name":"CI","value":"1"}],"cwd":"/ws",
                 "outputByteLimit":4096}"""), editor.params(0));
        JsonNode ids = Json.parse("{\"sessionId\":\"s-1\",\"terminalId\":\"t-1\"}");
        assertEquals(List.of("terminal/create", "terminal/wait_for_exit", "terminal/output", "terminal/kill", "terminal/release"),
                List.of(editor.method(0), editor.method(1), editor.method(2), editor.method(3), editor.method(4)));
        assertEquals(List.of(ids, ids, ids, ids), List.of(editor.params(1), editor.params(2), editor.params(3), editor.params(4)));
    }

    @Test
    void elicitationsAndTheirCompletion() {
        ScriptedEditor editor = new ScriptedEditor("{\"action\":\"decline\"}");
        EditorClient client = new EditorClient(editor, ClientCapabilities.NONE, "s-1");
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"name\":{\"type\":\"string\"}}}");
        client.elicit(new Elicitation("orders", Elicitation.FORM, "Who are you?", schema, null, null, "call-7"), Cancellation.root());
        client.elicit(new Elicitation("login", Elicitation.URL, "Sign in", null, "https://auth.example/x", "e-1", null),
                Cancellation.root());
        client.elicitationComplete("e-1");
        assertEquals(List.of("elicitation/create", "elicitation/create", "elicitation/complete"),
                List.of(editor.method(0), editor.method(1), editor.method(2)));
        assertEquals(Json.parse("""
                {"sessionId":"s-1","toolCallId":"call-7","mode":"form","message":"Who are you?",
                 "requestedSchema":{"type":"object","properties":{"name":{"type":"string"}}}}"""), editor.params(0));
        assertEquals(Json.parse("""
                {"sessionId":"s-1","mode":"url","message":"Sign in","elicitationId":"e-1","url":"https://auth.example/x"}"""),
                editor.params(1));
        assertEquals(Json.parse("{\"elicitationId\":\"e-1\"}"), editor.params(2));
    }

    @Test
    void continueAndServerApprovalQuestions() throws Exception {
        ScriptedEditor editor = new ScriptedEditor("{\"outcome\":{\"outcome\":\"cancelled\"}}");
        EditorClient client = new EditorClient(editor, ClientCapabilities.NONE, "s-1");
        client.confirm("c-1", VIEW, Cancellation.root());
        client.approveServer("c-2", VIEW, Cancellation.root());
        String call = """
                {"toolCallId":"%s","title":"Connect github","kind":"fetch","status":"pending",
                 "content":[{"type":"content","content":{"type":"text","text":"npx github-mcp"}}],
                 "locations":[{"path":"/ws/.mcp.json"}]}""";
        assertEquals(Json.parse("""
                {"sessionId":"s-1","toolCall":%s,"options":[{"optionId":"allow_once","name":"Continue","kind":"allow_once"},
                 {"optionId":"reject_once","name":"Cancel","kind":"reject_once"}]}""".formatted(call.formatted("c-1"))), editor.params(0));
        assertEquals(Json.parse("""
                {"sessionId":"s-1","toolCall":%s,"options":[{"optionId":"allow_project","name":"Allow for this project","kind":"allow_always"},
                 {"optionId":"reject_once","name":"Not now (ask again next session)","kind":"reject_once"},
                 {"optionId":"reject_project","name":"Reject for this project","kind":"reject_always"}]}""".formatted(call.formatted("c-2"))), editor.params(1));
        assertEquals(List.of("session/request_permission", "session/request_permission"), List.of(editor.method(0), editor.method(1)));
    }

    @Test
    void sessionUpdatesCarryTheUpdateAsRendered() {
        ScriptedEditor editor = new ScriptedEditor("null");
        EditorOutput output = new EditorOutput(editor, "s-1");
        JsonNode update = output.send(new SessionEvent.AgentMessage("m-1", "Hello"));
        assertEquals("session/update", editor.method(0));
        assertEquals(Json.parse("""
                {"sessionId":"s-1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"Hello"},"messageId":"m-1"}}"""),
                editor.params(0));
        assertEquals(update, editor.params(0).get("update"));
    }
}
