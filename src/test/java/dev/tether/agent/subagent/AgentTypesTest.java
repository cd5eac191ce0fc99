package dev.tether.agent.subagent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Subagent types from files: Tether's, Claude Code's and the user's, the first of a name winning. */
class AgentTypesTest {
    @TempDir
    Path dir;

    @Test
    void typesComeFromTheProjectThenClaudeCodesThenTheUsersDirectory() throws Exception {
        Path project = dir.resolve("project");
        Path user = Files.createDirectories(dir.resolve("user-agents"));
        Files.createDirectories(project.resolve(".tether/agents"));
        Files.createDirectories(project.resolve(".claude/agents"));
        Files.writeString(project.resolve(".tether/agents/reviewer.md"), """
                ---
                name: reviewer
                description: "Reviews a change"
                tools:
                  - read_file
                  - search
                model: fast-model
                ---
                Review carefully.
                """);
        Files.writeString(project.resolve(".claude/agents/reviewer.md"), "---\nname: reviewer\ndescription: shadowed\n---\nNo.\n");
        Files.writeString(project.resolve(".claude/agents/fixer.md"), "---\nname: fixer\ndescription: Fixes\ntools: Read, Edit, Bash\nmodel: inherit\n---\nFix it.\n");
        Files.writeString(project.resolve(".claude/agents/notes.md"), "Just notes, no front matter.\n");
        Files.writeString(user.resolve("mine.md"), "---\nname: mine\ndescription: The user's\n---\nBe brief.\n");
        Files.writeString(user.resolve("Bad Name.md"), "---\nname: Bad Name\n---\n");

        Map<String, AgentType> types = AgentTypes.of(project, user).all();
        assertEquals(List.of("reviewer", "fixer", "mine", "general"), List.copyOf(types.keySet()));
        AgentType reviewer = types.get("reviewer");
        assertEquals("Reviews a change", reviewer.description());
        assertEquals(List.of("read_file", "search"), reviewer.tools());
        assertEquals("fast-model", reviewer.model());
        assertEquals("Review carefully.", reviewer.instructions());
        AgentType fixer = types.get("fixer");
        assertEquals(List.of("read_file", "edit_file", "run_command"), fixer.tools(), "Claude Code's tool names mean Tether's");
        assertNull(fixer.model(), "inherit is the session's model");
        assertNull(types.get("mine").tools(), "no list: the read-only default");
    }

    @Test
    void withoutFilesThereIsTheGeneralType() {
        assertEquals(Map.of("general", AgentType.GENERAL), AgentTypes.of(dir, null).all());
    }
}
