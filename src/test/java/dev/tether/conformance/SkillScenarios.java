package dev.tether.conformance;

import dev.tether.base.Cancellation;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.skills.McpSkill;
import dev.tether.mcp.skills.SkillEntry;
import java.util.List;

/**
 * The Skills extension's client scenarios (SEP-2640): the skills a server lists are offered without
 * any of their files being read ({@code sep-2640-client-no-prefetch}); a skill is loaded as the
 * model's {@code skill} tool loads it, and only a skill whose {@code SKILL.md} passed verification
 * has its other files read ({@code sep-2640-client-verify-digest}, {@code -size},
 * {@code -frontmatter}, whose servers tamper with the file).
 *
 * @see <a href="https://modelcontextprotocol.io/extensions/skills">MCP Skills extension (SEP-2640)</a>
 */
final class SkillScenarios {
    private SkillScenarios() {}

    /**
     * @param load whether to load each skill (the verify scenarios), or only list them (no-prefetch)
     * @throws ConformanceClient.FlowFailed the server offered no skill, or a tampered skill was loaded
     */
    static void run(McpRuntime runtime, boolean load) {
        List<McpSkill> skills = runtime.skills();
        if (skills.isEmpty()) {
            throw new ConformanceClient.FlowFailed("the server offered no skill");
        }
        for (McpSkill skill : skills) {
            System.err.println("conformance: skill " + skill.key() + ": " + skill.description());
        }
        if (!load) {
            return;
        }
        for (McpSkill skill : skills) {
            McpSkill.Loaded loaded;
            try {
                loaded = runtime.loadSkill(skill, "skill", Cancellation.root());
            } catch (McpError e) {
                System.err.println("conformance: skill " + skill.key() + " not loaded: " + e.getMessage());
                continue;
            }
            System.err.println("conformance: skill " + skill.key() + " loaded (" + loaded.text().length() + " characters)");
            for (SkillEntry.SkillFile file : loaded.held().entry().files()) {
                if (!file.uri().equals(skill.uri())) {
                    String relative = loaded.held().entry().relative(file);
                    System.err.println("conformance: " + relative + ": "
                            + runtime.readSkillFile(loaded.held(), relative, Cancellation.root()).length() + " characters");
                }
            }
            throw new ConformanceClient.FlowFailed("skill " + skill.key() + " was served tampered with, and loaded");
        }
    }
}
