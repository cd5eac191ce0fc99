package dev.tether.acp.editor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.editor.EditorRequestFramesTest.ScriptedEditor;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.session.api.EditorRequests;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Terminals;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolKind;
import dev.tether.tools.permission.PermissionChoice;
import dev.tether.tools.permission.PermissionPrompt;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An editor's answer is read as its method's record: members Tether does not know are ignored, and
 * an answer that does not fit (a member of the wrong type, an unknown kind) counts as one that says
 * nothing, which never grants anything: a permission is unclear, an elicitation cancelled, a read
 * has no content, a terminal no id.
 */
class UnfitEditorAnswersTest {
    private static final ToolCallView VIEW = new ToolCallView("Write out.txt", ToolKind.EDIT, List.of(), List.of());
    private static final PermissionPrompt.Question QUESTION = new PermissionPrompt.Question("c-1", VIEW, null,
            List.of(PermissionChoice.ALLOW_ONCE, PermissionChoice.REJECT_ONCE));

    private static PermissionPrompt.Answer permission(String answer) throws HostFailure {
        return new EditorPermissionPrompt(new ScriptedEditor(answer), "s-1").ask(QUESTION, Cancellation.root());
    }

    @Test
    void permissionAnswers() throws HostFailure {
        assertEquals(new PermissionPrompt.Answer.Chosen(PermissionChoice.ALLOW_ONCE),
                permission("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow_once\",\"_meta\":{}},\"later\":1}"));
        assertEquals(new PermissionPrompt.Answer.Dismissed(), permission("{\"outcome\":{\"outcome\":\"cancelled\"}}"));
        for (String unclear : List.of("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow_always\"}}",
                "{\"outcome\":{\"outcome\":\"selected\",\"optionId\":1}}", "{\"outcome\":{\"outcome\":\"selected\"}}",
                "{\"outcome\":{\"outcome\":\"approved\",\"optionId\":\"allow_once\"}}", "{\"outcome\":{\"optionId\":\"allow_once\"}}",
                "{\"outcome\":\"selected\"}", "{}", "null", "[]")) {
            assertEquals(new PermissionPrompt.Answer.Unclear(), permission(unclear), unclear);
        }
    }

    @Test
    void continueAndServerApprovalCountOnlyTheirOwnOptions() throws HostFailure {
        EditorClient allowed = new EditorClient(new ScriptedEditor("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow_once\"}}"),
                ClientCapabilities.NONE, "s-1");
        assertEquals(true, allowed.confirm("c-1", VIEW, Cancellation.root()));
        assertEquals(EditorRequests.ServerAnswer.DISMISSED, allowed.approveServer("c-1", VIEW, Cancellation.root()));
        EditorClient project = new EditorClient(new ScriptedEditor("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow_project\"}}"),
                ClientCapabilities.NONE, "s-1");
        assertEquals(false, project.confirm("c-1", VIEW, Cancellation.root()));
        assertEquals(EditorRequests.ServerAnswer.ALLOW_FOR_PROJECT, project.approveServer("c-1", VIEW, Cancellation.root()));
        EditorClient rejected = new EditorClient(new ScriptedEditor("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"reject_project\"}}"),
                ClientCapabilities.NONE, "s-1");
        assertEquals(EditorRequests.ServerAnswer.REJECT, rejected.approveServer("c-1", VIEW, Cancellation.root()));
        EditorClient unfit = new EditorClient(new ScriptedEditor("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":[]}}"),
                ClientCapabilities.NONE, "s-1");
        assertEquals(false, unfit.confirm("c-1", VIEW, Cancellation.root()));
        assertEquals(EditorRequests.ServerAnswer.DISMISSED, unfit.approveServer("c-1", VIEW, Cancellation.root()));
    }

    @Test
    void elicitationAnswers() {
        Elicitation form = new Elicitation("orders", Elicitation.FORM, "Who?", Json.parse("{\"type\":\"object\"}"), null, null, null);
        java.util.function.Function<String, ElicitationReply> reply = answer ->
                new EditorClient(new ScriptedEditor(answer), ClientCapabilities.NONE, "s-1").elicit(form, Cancellation.root());
        assertEquals(new ElicitationReply("accept", Json.parse("{\"name\":\"Ada\"}")),
                reply.apply("{\"action\":\"accept\",\"content\":{\"name\":\"Ada\"},\"_meta\":{}}"));
        assertEquals(new ElicitationReply("accept", Json.parse("null")), reply.apply("{\"action\":\"accept\",\"content\":null}"));
        assertEquals(new ElicitationReply("accept", null), reply.apply("{\"action\":\"accept\"}"));
        assertEquals(ElicitationReply.DECLINE, reply.apply("{\"action\":\"decline\"}"));
        for (String cancel : List.of("{\"action\":\"cancel\"}", "{\"action\":\"later\"}", "{\"action\":5}", "{}", "null", "7")) {
            assertEquals(ElicitationReply.CANCEL, reply.apply(cancel), cancel);
        }
    }

    @Test
    void fileReadsNeedTheirContent() throws IOException {
        assertEquals("text", new EditorFileSystem(new ScriptedEditor("{\"content\":\"text\",\"later\":1}"), "s-1")
                .read(Path.of("/ws/a"), null, null, Cancellation.root()));
        for (String none : List.of("{}", "{\"content\":null}", "{\"content\":5}", "null", "[]")) {
            IOException e = assertThrows(IOException.class, () -> new EditorFileSystem(new ScriptedEditor(none), "s-1")
                    .read(Path.of("/ws/a"), null, null, Cancellation.root()), none);
            assertEquals("the editor sent no content", e.getMessage());
        }
    }

    @Test
    void terminalAnswers() throws HostFailure {
        Terminals.Launch launch = new Terminals.Launch("ls", List.of(), null, List.of(), 1024);
        assertEquals("t-1", new EditorTerminals(new ScriptedEditor("{\"terminalId\":\"t-1\",\"later\":1}"), "s-1")
                .create(launch, Cancellation.root()));
        for (String none : List.of("{}", "{\"terminalId\":7}", "null")) {
            HostFailure e = assertThrows(HostFailure.class, () -> new EditorTerminals(new ScriptedEditor(none), "s-1")
                    .create(launch, Cancellation.root()), none);
            assertEquals("no terminalId in its answer", e.getMessage());
        }
        assertEquals(new Terminals.Output("done\n", true, 2, null), new EditorTerminals(new ScriptedEditor(
                "{\"output\":\"done\\n\",\"truncated\":true,\"exitStatus\":{\"exitCode\":2,\"signal\":null}}"), "s-1")
                .output("t-1", Cancellation.root()));
        assertEquals(new Terminals.Output("", false, null, "SIGKILL"), new EditorTerminals(new ScriptedEditor(
                "{\"exitStatus\":{\"signal\":\"SIGKILL\"}}"), "s-1").output("t-1", Cancellation.root()));
        for (String nothing : List.of("{}", "null", "{\"output\":5}", "{\"exitStatus\":[]}")) {
            assertEquals(new Terminals.Output("", false, null, null), new EditorTerminals(new ScriptedEditor(nothing), "s-1")
                    .output("t-1", Cancellation.root()), nothing);
        }
    }
}
