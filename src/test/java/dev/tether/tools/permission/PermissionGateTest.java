package dev.tether.tools.permission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.acp.editor.EditorPermissionPrompt;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.tools.FakeEditor;
import dev.tether.tools.HostFailure;
import dev.tether.tools.Location;
import dev.tether.tools.SessionMode;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolTraits.Category;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.permission.PermissionDecision.Basis;
import dev.tether.tools.permission.PermissionGate.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The mode × category × confirm × remembered table, and the session/request_permission exchange
 * (through the editor's prompt, against a fake editor).
 */
class PermissionGateTest {
    private static final ToolTraits EDIT = ToolTraits.builtin(ToolKind.EDIT, Category.EDIT);
    private static final ToolTraits EXTERNAL_CONFIRM = new ToolTraits(ToolKind.OTHER, Category.EXTERNAL, true, "gh");

    @ParameterizedTest(name = "{0} {1} confirm={2} remembered={3} -> {4}")
    @CsvSource({
            "ASK,          READ,     false, false, ALLOW",
            "ASK,          EDIT,     false, false, ASK",
            "ASK,          EXECUTE,  false, false, ASK",
            "ASK,          EXTERNAL, false, false, ASK",
            "ASK,          EDIT,     false, true,  ALLOW",
            "ASK,          EXTERNAL, true,  true,  ASK",
            "ACCEPT_EDITS, READ,     false, false, ALLOW",
            "ACCEPT_EDITS, EDIT,     false, false, ALLOW",
            "ACCEPT_EDITS, EXECUTE,  false, false, ASK",
            "ACCEPT_EDITS, EXTERNAL, false, false, ASK",
            "ACCEPT_EDITS, EXECUTE,  false, true,  ALLOW",
            "ACCEPT_EDITS, EDIT,     true,  false, ASK",
            "AUTO,         EDIT,     false, false, ALLOW",
            "AUTO,         EXECUTE,  false, false, ALLOW",
            "AUTO,         EXTERNAL, false, false, ALLOW",
            "AUTO,         EXTERNAL, true,  false, ASK",
            "AUTO,         EXTERNAL, true,  true,  ASK",
            "READ_ONLY,    READ,     false, false, ALLOW",
            "READ_ONLY,    EDIT,     false, false, DENY",
            "READ_ONLY,    EXECUTE,  false, true,  DENY",
            "READ_ONLY,    EXTERNAL, true,  false, ASK",
            "READ_ONLY,    EXTERNAL, false, false, ASK",
            "READ_ONLY,    EXTERNAL, false, true,  ASK",
    })
    void verdictTable(SessionMode mode, Category category, boolean confirm, boolean remembered, Verdict expected) {
        ToolTraits traits = new ToolTraits(ToolKind.OTHER, category, confirm, "x");
        assertEquals(expected, PermissionGate.verdict(mode, traits, remembered));
    }

    private static PermissionGate.Call editCall() {
        ToolCallView view = new ToolCallView("Edit README.md", ToolKind.EDIT, List.of(new Location("/ws/README.md", 2)),
                List.of(new ToolDisplay.Diff("/ws/README.md", "a", "b")));
        return new PermissionGate.Call("call-7", "edit_file", EDIT, view,
                Json.parse("{\"path\":\"README.md\",\"old_string\":\"a\",\"new_string\":\"b\"}"), "edit_file");
    }

    @Test
    void sendsTheRequestAndRemembersAlwaysAllow() throws Exception {
        FakeEditor editor = new FakeEditor().select("allow_always");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s-1"));
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(Json.parse("""
                {"sessionId":"s-1","toolCall":{"toolCallId":"call-7","title":"Edit README.md","kind":"edit","status":"pending",
                  "content":[{"type":"diff","path":"/ws/README.md","oldText":"a","newText":"b"}],
                  "locations":[{"path":"/ws/README.md","line":2}],
                  "rawInput":{"path":"README.md","old_string":"a","new_string":"b"}},
                 "options":[{"optionId":"allow_once","name":"Allow","kind":"allow_once"},
                            {"optionId":"allow_always","name":"Always allow","kind":"allow_always"},
                            {"optionId":"reject_once","name":"Reject","kind":"reject_once"}]}"""),
                editor.calls("session/request_permission").getFirst().params());

        assertEquals(new PermissionDecision.Allowed(Basis.REMEMBERED), gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(1, editor.calls().size(), "the second call is not asked again");
        assertTrue(gate.isAlwaysAllowed("edit_file"));
    }

    @Test
    void allowOnceIsNotRemembered() throws Exception {
        FakeEditor editor = new FakeEditor().select("allow_once").select("reject_once");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s-1"));
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, Basis.USER),
                gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(2, editor.calls().size());
    }

    @Test
    void confirmToolsAreAskedEveryTimeWithoutAlwaysAllow() throws Exception {
        FakeEditor editor = new FakeEditor().select("allow_always").select("allow_once");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s-1"));
        var call = new PermissionGate.Call("c", "gh__delete_repo", EXTERNAL_CONFIRM, ToolCallView.of("Delete", ToolKind.DELETE),
                Json.object(), "gh-key");
        // allow_always is not offered, so choosing it anyway counts as a rejection.
        assertEquals(new PermissionDecision.Rejected("The user rejected this tool call.", Basis.USER),
                gate.check(SessionMode.AUTO, call, Cancellation.root()));
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.AUTO, call, Cancellation.root()));
        assertEquals(2, editor.calls().size());
        assertEquals(Json.parse("""
                [{"optionId":"allow_once","name":"Allow","kind":"allow_once"},
                 {"optionId":"reject_once","name":"Reject","kind":"reject_once"}]"""),
                editor.calls().getFirst().params().get("options"));
    }

    @Test
    void aCallWithoutAnApprovalKeyIsAskedEveryTimeAndNotRemembered() throws Exception {
        FakeEditor editor = new FakeEditor().select("allow_always").select("allow_always").select("allow_once");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s-1"));
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        var protectedWrite = new PermissionGate.Call("call-8", "edit_file", EDIT.asExecute(), ToolCallView.of("Edit .git/config", ToolKind.EDIT),
                Json.object(), null);
        assertEquals(new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, Basis.USER),
                gate.check(SessionMode.ASK, protectedWrite, Cancellation.root()), "allow_always was not offered, so it is a no");
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.ASK, protectedWrite, Cancellation.root()));
        assertEquals(3, editor.calls().size(), "the approval of edit_file did not cover the protected write");
        assertEquals(2, editor.calls().get(1).params().get("options").size());
    }

    @Test
    void readOnlyModeAsksAboutExternalToolsWithoutAlwaysAllow() throws Exception {
        FakeEditor editor = new FakeEditor().select("allow_once");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s-1"));
        var call = new PermissionGate.Call("c", "mcp__x__wipe", new ToolTraits(ToolKind.OTHER, Category.EXTERNAL, false, "x"),
                ToolCallView.of("x: wipe", ToolKind.OTHER), Json.object(), "key");
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.READ_ONLY, call, Cancellation.root()));
        assertEquals(Json.parse("""
                [{"optionId":"allow_once","name":"Allow","kind":"allow_once"},
                 {"optionId":"reject_once","name":"Reject","kind":"reject_once"}]"""),
                editor.calls().getFirst().params().get("options"));
    }

    @Test
    void rejectUnknownAndCancelledOutcomes() throws Exception {
        FakeEditor editor = new FakeEditor().select("reject_once").select("bogus").dismiss();
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s-1"));
        var rejected = new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, Basis.USER);
        assertEquals(rejected, gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(rejected, gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(new PermissionDecision.Cancelled(), gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertTrue(!gate.isAlwaysAllowed("edit_file"));
    }

    @Test
    void readOnlyModeDeniesWithoutAsking() throws Exception {
        FakeEditor editor = new FakeEditor();
        var decision = new PermissionGate(new EditorPermissionPrompt(editor, "s-1")).check(SessionMode.READ_ONLY, editCall(), Cancellation.root());
        assertEquals(new PermissionDecision.Rejected(
                "edit_file is not allowed in read-only mode. Only reading and searching tools can run.", Basis.POLICY), decision);
        assertEquals(List.of(), editor.calls());
    }

    @Test
    void cancellingTheTurnWithdrawsAPendingRequest() throws Exception {
        FakeEditor editor = new FakeEditor();
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s-1"));
        Cancellation turn = Cancellation.root();
        var pending = CompletableFuture.supplyAsync(() -> {
            try {
                return gate.check(SessionMode.ASK, editCall(), turn);
            } catch (HostFailure e) {
                throw new AssertionError(e);
            }
        });
        assertTrue(editor.awaitPermissionRequest(Duration.ofSeconds(5)));
        Waits.throughout(Duration.ofMillis(50), () -> !pending.isDone(), "the request waits for the user with no timeout");
        turn.cancel();
        var thrown = assertThrows(ExecutionException.class, () -> pending.get(5, TimeUnit.SECONDS));
        assertTrue(thrown.getCause() instanceof CancelledException);
    }
}
