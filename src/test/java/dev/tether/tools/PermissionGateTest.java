package dev.tether.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.acp.schema.ToolCallContent;
import dev.tether.acp.schema.ToolCallLocation;
import dev.tether.acp.schema.ToolKind;
import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.tools.PermissionDecision.Basis;
import dev.tether.tools.PermissionGate.Verdict;
import dev.tether.tools.ToolTraits.Category;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The mode × category × confirm × remembered table, and the session/request_permission exchange. */
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
        ToolCallView view = new ToolCallView("Edit README.md", ToolKind.EDIT, List.of(new ToolCallLocation("/ws/README.md", 2)),
                List.of(new ToolCallContent.Diff("/ws/README.md", "a", "b")));
        return new PermissionGate.Call("call-7", "edit_file", EDIT, view,
                Json.parse("{\"path\":\"README.md\",\"old_string\":\"a\",\"new_string\":\"b\"}"), "edit_file");
    }

    @Test
    void sendsTheRequestAndRemembersAlwaysAllow() {
        FakeEditor editor = new FakeEditor().select("allow_always");
        PermissionGate gate = new PermissionGate("s-1", editor);
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
    void allowOnceIsNotRemembered() {
        FakeEditor editor = new FakeEditor().select("allow_once").select("reject_once");
        PermissionGate gate = new PermissionGate("s-1", editor);
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, Basis.USER),
                gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(2, editor.calls().size());
    }

    @Test
    void confirmToolsAreAskedEveryTimeWithoutAlwaysAllow() {
        FakeEditor editor = new FakeEditor().select("allow_always").select("allow_once");
        PermissionGate gate = new PermissionGate("s-1", editor);
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
    void aCallWithoutAnApprovalKeyIsAskedEveryTimeAndNotRemembered() {
        FakeEditor editor = new FakeEditor().select("allow_always").select("allow_always").select("allow_once");
        PermissionGate gate = new PermissionGate("s-1", editor);
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
    void readOnlyModeAsksAboutExternalToolsWithoutAlwaysAllow() {
        FakeEditor editor = new FakeEditor().select("allow_once");
        PermissionGate gate = new PermissionGate("s-1", editor);
        var call = new PermissionGate.Call("c", "mcp__x__wipe", new ToolTraits(ToolKind.OTHER, Category.EXTERNAL, false, "x"),
                ToolCallView.of("x: wipe", ToolKind.OTHER), Json.object(), "key");
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.READ_ONLY, call, Cancellation.root()));
        assertEquals(Json.parse("""
                [{"optionId":"allow_once","name":"Allow","kind":"allow_once"},
                 {"optionId":"reject_once","name":"Reject","kind":"reject_once"}]"""),
                editor.calls().getFirst().params().get("options"));
    }

    @Test
    void rejectUnknownAndCancelledOutcomes() {
        FakeEditor editor = new FakeEditor().select("reject_once").select("bogus").dismiss();
        PermissionGate gate = new PermissionGate("s-1", editor);
        var rejected = new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, Basis.USER);
        assertEquals(rejected, gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(rejected, gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertEquals(new PermissionDecision.Cancelled(), gate.check(SessionMode.ASK, editCall(), Cancellation.root()));
        assertTrue(!gate.isAlwaysAllowed("edit_file"));
    }

    @Test
    void readOnlyModeDeniesWithoutAsking() {
        FakeEditor editor = new FakeEditor();
        var decision = new PermissionGate("s-1", editor).check(SessionMode.READ_ONLY, editCall(), Cancellation.root());
        assertEquals(new PermissionDecision.Rejected(
                "edit_file is not allowed in read-only mode. Only reading and searching tools can run.", Basis.POLICY), decision);
        assertEquals(List.of(), editor.calls());
    }

    @Test
    void cancellingTheTurnWithdrawsAPendingRequest() throws Exception {
        FakeEditor editor = new FakeEditor();
        PermissionGate gate = new PermissionGate("s-1", editor);
        Cancellation turn = Cancellation.root();
        var pending = CompletableFuture.supplyAsync(() -> gate.check(SessionMode.ASK, editCall(), turn));
        assertTrue(editor.awaitPermissionRequest(Duration.ofSeconds(5)));
        Waits.throughout(Duration.ofMillis(50), () -> !pending.isDone(), "the request waits for the user with no timeout");
        turn.cancel();
        var thrown = assertThrows(ExecutionException.class, () -> pending.get(5, TimeUnit.SECONDS));
        assertTrue(thrown.getCause() instanceof CancelledException);
    }
}
