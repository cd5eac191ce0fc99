package dev.tether.tools.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

/** Rules as a user pastes them: what reads, and what is refused with a sentence that says why. */
class RuleSyntaxTest {

    private static PermissionRule rule(Effect effect, String text) throws InvalidRule {
        return PermissionRule.parse(effect, RuleScope.USER, text, "config.json");
    }

    @Test
    void claudeCodeNamesAreAliasesOfTheBuiltInTools() throws InvalidRule {
        assertEquals(Set.of("run_command"), ((Target.Builtin) rule(Effect.ALLOW, "Bash(npm test:*)").target()).names());
        assertEquals(Set.of("read_file", "search", "list_files"), ((Target.Builtin) rule(Effect.DENY, "Read(.env)").target()).names());
        assertEquals(Set.of("edit_file", "write_file"), ((Target.Builtin) rule(Effect.ALLOW, "Edit").target()).names());
        assertEquals(Set.of("write_file"), ((Target.Builtin) rule(Effect.ALLOW, "Write(src/**)").target()).names());
        assertEquals(Set.of("search"), ((Target.Builtin) rule(Effect.ALLOW, "Grep").target()).names());
        assertEquals(Set.of("list_files"), ((Target.Builtin) rule(Effect.ALLOW, "Glob").target()).names());
    }

    @Test
    void aCommandSpecifierIsAPrefixAWildcardOrAnExactCommand() throws InvalidRule {
        assertEquals(CommandPattern.Kind.PREFIX, ((Target.Builtin) rule(Effect.ALLOW, "run_command(npm test:*)").target()).command().kind());
        assertEquals(CommandPattern.Kind.WILDCARD, ((Target.Builtin) rule(Effect.ALLOW, "run_command(git * main)").target()).command().kind());
        assertEquals(CommandPattern.Kind.EXACT, ((Target.Builtin) rule(Effect.ALLOW, "run_command(git status)").target()).command().kind());
    }

    @Test
    void whatCannotBeReadSaysWhy() {
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "")).getMessage().contains("empty"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "Bash(npm test")).getMessage().contains("does not close"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "Bash()")).getMessage().contains("empty parentheses"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "update_plan(x)")).getMessage().contains("only run_command"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "mcp__github__x(y)")).getMessage().contains("no specifier"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "mcp__")).getMessage().contains("mcp__<server>"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "mcp__*__read")).getMessage().contains("one MCP server"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "run command")).getMessage().contains("not a tool name"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.DENY, "Edit(src/[a)")).getMessage().contains("not a valid glob"));
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.DENY, "Bash(:*)")).getMessage().contains("command is empty"));
    }

    @Test
    void commandRulesMayNameSandboxedAndUnsandboxedRunsApart() throws InvalidRule {
        RuleSet rules = new RuleSet(java.util.List.of(rule(Effect.ALLOW, "run_command:sandboxed(npm test:*)"),
                rule(Effect.DENY, "Bash:unsandboxed(curl:*)")), null);
        Subject.Builtin npm = new Subject.Builtin("run_command", "npm test", java.util.List.of());
        assertEquals(Effect.ALLOW, rules.decide(npm.inSandbox(true)).orElseThrow().effect());
        assertTrue(rules.decide(npm.inSandbox(false)).isEmpty(), "the sandboxed-only allow does not cover a run outside it");
        Subject.Builtin curl = new Subject.Builtin("run_command", "curl x", java.util.List.of());
        assertEquals(Effect.DENY, rules.decide(curl.inSandbox(false)).orElseThrow().effect());
        assertTrue(rules.decide(curl.inSandbox(true)).isEmpty());
        assertEquals(Boolean.TRUE, ((Target.Builtin) rule(Effect.ALLOW, "Bash:sandboxed").target()).sandboxed());
        assertTrue(assertThrows(InvalidRule.class, () -> rule(Effect.ALLOW, "read_file:sandboxed")).getMessage()
                .contains("only run_command (Bash) runs in the sandbox"));
    }

    @Test
    void aServerWildcardIsForDenyAndAskRules() throws InvalidRule {
        assertEquals("mcp__*", rule(Effect.DENY, "mcp__*").text());
        assertEquals("mcp__*__delete_*", rule(Effect.ASK, "mcp__*__delete_*").text());
    }
}
