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
    void aServerWildcardIsForDenyAndAskRules() throws InvalidRule {
        assertEquals("mcp__*", rule(Effect.DENY, "mcp__*").text());
        assertEquals("mcp__*__delete_*", rule(Effect.ASK, "mcp__*__delete_*").text());
    }
}
