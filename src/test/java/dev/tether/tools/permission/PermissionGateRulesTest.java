package dev.tether.tools.permission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.acp.editor.EditorPermissionPrompt;
import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.tools.FakeEditor;
import dev.tether.tools.SessionMode;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.ToolTraits.Category;
import dev.tether.tools.permission.PermissionDecision.Basis;
import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.InvalidRule;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.Places;
import dev.tether.tools.rules.RuleScope;
import dev.tether.tools.rules.RuleSet;
import dev.tether.tools.rules.Subject;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the gate weighs permission rules against the mode, and what "Always allow" writes. */
class PermissionGateRulesTest {
    private static final ToolTraits EXECUTE = ToolTraits.builtin(ToolKind.EXECUTE, Category.EXECUTE);
    private static final ToolTraits EDIT = ToolTraits.builtin(ToolKind.EDIT, Category.EDIT);

    /** A rule book of fixed rules that keeps what "Always allow" writes. */
    private static final class Book implements RuleBook {
        final List<PermissionRule> rules = new ArrayList<>();
        final List<PermissionRule> written = new ArrayList<>();
        boolean managedOnly;

        Book rule(Effect effect, RuleScope scope, String text) throws InvalidRule {
            rules.add(PermissionRule.parse(effect, scope, text, "test"));
            return this;
        }

        @Override
        public RuleSet rules() {
            List<PermissionRule> all = new ArrayList<>(rules);
            all.addAll(written);
            return new RuleSet(all, new Places(Path.of("/ws"), Path.of("/ws"), Path.of("/home/u")));
        }

        @Override
        public boolean offersAlwaysAllow() {
            return !managedOnly;
        }

        @Override
        public String remember(PermissionRule rule) {
            written.add(rule);
            return "local";
        }
    }

    private static PermissionGate.Call command(String command, String key) {
        return new PermissionGate.Call("c", "run_command", EXECUTE, ToolCallView.of(command, ToolKind.EXECUTE),
                Json.object().put("command", command), key, new Subject.Builtin("run_command", command, List.of()));
    }

    @Test
    void aDenyRuleRefusesInEveryModeAndNamesTheRule() throws Exception {
        Book book = new Book().rule(Effect.DENY, RuleScope.PROJECT, "Bash(rm -rf:*)");
        FakeEditor editor = new FakeEditor();
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s"), book);
        for (SessionMode mode : SessionMode.values()) {
            PermissionDecision decision = gate.check(mode, command("rm -rf build", "run_command"), Cancellation.root());
            PermissionDecision.Rejected rejected = assertInstanceOf(PermissionDecision.Rejected.class, decision, mode.id());
            assertEquals(Basis.RULE, rejected.basis());
            assertTrue(rejected.reason().contains("Bash(rm -rf:*)") && rejected.reason().contains("project"), rejected.reason());
        }
        assertEquals(0, editor.calls().size());
    }

    @Test
    void anAskRuleAsksEvenInAutoModeWithoutOfferingAlwaysAllow() throws Exception {
        Book book = new Book().rule(Effect.ASK, RuleScope.USER, "run_command(git push:*)").rule(Effect.ALLOW, RuleScope.USER, "Bash");
        FakeEditor editor = new FakeEditor().select("allow_once");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s"), book);
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.AUTO, command("git push origin", "run_command"),
                Cancellation.root()));
        assertEquals(Json.parse("""
                [{"optionId":"allow_once","name":"Allow","kind":"allow_once"},
                 {"optionId":"reject_once","name":"Reject","kind":"reject_once"}]"""),
                editor.calls().getFirst().params().get("options"));
        assertEquals(new PermissionDecision.Allowed(Basis.RULE), gate.check(SessionMode.ASK, command("ls", "run_command"), Cancellation.root()));
    }

    @Test
    void anAllowRuleDoesNotReachReadOnlyModeOrAProtectedWrite() throws Exception {
        Book book = new Book().rule(Effect.ALLOW, RuleScope.USER, "Edit").rule(Effect.ALLOW, RuleScope.USER, "Bash");
        FakeEditor editor = new FakeEditor().select("reject_once");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s"), book);
        assertInstanceOf(PermissionDecision.Rejected.class, gate.check(SessionMode.READ_ONLY, command("ls", "run_command"), Cancellation.root()));
        // A write to a protected path is decided as a command and carries no approval key: it is asked about.
        var protectedWrite = new PermissionGate.Call("p", "edit_file", EDIT.asExecute(), ToolCallView.of("Edit .git/config", ToolKind.EDIT),
                Json.object(), null, new Subject.Builtin("edit_file", null, List.of(Path.of("/ws/.git/config"))));
        assertEquals(new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, Basis.USER),
                gate.check(SessionMode.ACCEPT_EDITS, protectedWrite, Cancellation.root()));
        assertEquals(1, editor.calls().size());
    }

    @Test
    void alwaysAllowWritesALocalRuleForExactlyThatCommand() throws Exception {
        Book book = new Book();
        FakeEditor editor = new FakeEditor().select("allow_always").select("reject_once");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s"), book);
        assertEquals(new PermissionDecision.Allowed(Basis.USER), gate.check(SessionMode.ASK, command("rm *.o", "run_command"), Cancellation.root()));
        assertEquals("Always allow this command in this project",
                editor.calls().getFirst().params().path("options").path(1).path("name").asString());
        assertEquals(List.of("run_command(rm \\*.o)"), book.written.stream().map(PermissionRule::text).toList());
        assertEquals(RuleScope.LOCAL, book.written.getFirst().scope());
        assertEquals(new PermissionDecision.Allowed(Basis.REMEMBERED), gate.check(SessionMode.ASK, command("rm *.o", "run_command"),
                Cancellation.root()));
        assertInstanceOf(PermissionDecision.Rejected.class, gate.check(SessionMode.ASK, command("rm -rf x.o", "run_command"),
                Cancellation.root()), "the star was the command's, not a wildcard");
    }

    @Test
    void whereOnlyTheManagedSettingsMayAllowAlwaysAllowIsNotOffered() throws Exception {
        Book book = new Book();
        book.managedOnly = true;
        FakeEditor editor = new FakeEditor().select("allow_always").select("allow_once");
        PermissionGate gate = new PermissionGate(new EditorPermissionPrompt(editor, "s"), book);
        assertEquals(new PermissionDecision.Rejected(PermissionDecision.USER_REJECTED, Basis.USER),
                gate.check(SessionMode.ASK, command("make", "run_command"), Cancellation.root()), "not offered, so a no");
        assertEquals(2, editor.calls().getFirst().params().path("options").size());
        assertEquals(List.of(), book.written);
    }
}
