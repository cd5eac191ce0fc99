package dev.tether.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.tools.SessionMode;
import dev.tether.tools.Workspace;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The system prompt's structure, not its prose: a versioned template whose sections are there, in
 * order; every placeholder filled; every built-in tool named; each mode's limits stated; the MCP
 * trust rule kept; the instructions labelled and after the stable part.
 */
class SystemPromptTest {
    private static final SystemPrompt.Environment ENV = new SystemPrompt.Environment("Linux 6.1", "/bin/sh", LocalDate.of(2026, 1, 2),
            new Workspace(Path.of("/w/app"), List.of(Path.of("/w/lib"))), Path.of("/w"), "main");

    @Test
    void theTemplateIsVersionedWithItsSectionsInOrder() {
        assertEquals("v1", SystemPrompt.version());
        List<String> headings = Pattern.compile("(?m)^## (.+)$").matcher(SystemPrompt.template()).results().map(m -> m.group(1)).toList();
        assertEquals(List.of("Environment", "How to work", "Permissions", "Trust"), headings);
    }

    @Test
    void everyPlaceholderIsFilledAndTheEnvironmentStated() {
        String prompt = SystemPrompt.build(ENV, SessionMode.ASK, "", "");
        assertFalse(prompt.contains("{{") || prompt.contains("-->"), prompt);
        for (String fact : List.of("Linux 6.1", "/bin/sh", "2026-01-02", "/w/app", "/w/lib", "a git repository at /w, on main")) {
            assertTrue(prompt.contains(fact), fact);
        }
        assertTrue(SystemPrompt.build(new SystemPrompt.Environment("Linux", "/bin/sh", LocalDate.now(), new Workspace(Path.of("/x"), List.of()),
                null, null), SessionMode.ASK, "", "").contains("not a git repository"));
    }

    @Test
    void everyBuiltInToolIsNamed() {
        String prompt = SystemPrompt.build(ENV, SessionMode.ASK, "", "");
        for (String tool : List.of("read_file", "edit_file", "write_file", "search", "list_files", "run_command", "update_plan", "tool_search")) {
            assertTrue(prompt.contains("`" + tool + "`"), tool);
        }
    }

    @Test
    void eachModeStatesItsOwnLimits() {
        List<String> permissions = java.util.Arrays.stream(SessionMode.values())
                .map(mode -> section(SystemPrompt.build(ENV, mode, "", ""), "Permissions")).distinct().toList();
        assertEquals(SessionMode.values().length, permissions.size());
        assertTrue(section(SystemPrompt.build(ENV, SessionMode.READ_ONLY, "", ""), "Permissions").contains("read-only"));
    }

    @Test
    void theTrustRuleAndTheInstructionsComeAfterTheStablePart() {
        String stable = SystemPrompt.build(ENV, SessionMode.ASK, "", "");
        assertTrue(section(stable, "Trust").contains("MCP servers"));
        String full = SystemPrompt.build(ENV, SessionMode.ASK, "[server block]", "\n## AGENTS.md\n\nrule\n");
        assertTrue(full.startsWith(stable), "the stable part is a prefix, for the provider's cache");
        assertTrue(full.indexOf("# MCP server instructions") < full.indexOf("# Project instructions"));
        assertTrue(full.contains("## AGENTS.md\n\nrule"));
    }

    private static String section(String prompt, String heading) {
        Matcher m = Pattern.compile("(?s)## " + heading + "\n(.*?)(\n## |\n# |$)").matcher(prompt);
        assertTrue(m.find(), heading);
        return m.group(1);
    }
}
