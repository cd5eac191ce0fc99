package dev.tether.context;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which files are read, in what order, what they import, and when they are read again. */
class ProjectInstructionsTest {
    @TempDir
    Path dir;

    private ProjectInstructions open(Path cwd) {
        return new ProjectInstructions(new InstructionSettings(InstructionSettings.DEFAULT_NAMES, null, 4096), cwd, null);
    }

    private static List<String> labels(List<InstructionFile> files) {
        return files.stream().map(InstructionFile::label).toList();
    }

    @Test
    void agentsMdWinsOverClaudeMdInOneDirectoryAndTheCwdIsTheRootWithoutGit() throws Exception {
        Files.writeString(dir.resolve("AGENTS.md"), "a");
        Files.writeString(dir.resolve("CLAUDE.md"), "c");
        Files.writeString(dir.getParent().resolve("AGENTS.md.unused"), "x");
        assertEquals(List.of("AGENTS.md"), labels(open(dir).current()));
    }

    @Test
    void importsAreRelativeStayInsideNestFiveDeepAndEndACycle() throws Exception {
        Files.createDirectories(dir.resolve(".git"));
        Files.writeString(dir.resolve("AGENTS.md"), """
                Read @a.md and @/etc/passwd and @~/secret and `@code.md` and mail me@example.com.
                ```
                @fenced.md
                ```
                """);
        for (String name : List.of("code.md", "fenced.md", "b.md")) {
            Files.writeString(dir.resolve(name), name);
        }
        Files.writeString(dir.resolve("a.md"), "@a1.md @AGENTS.md");
        for (int i = 1; i <= 6; i++) {
            Files.writeString(dir.resolve("a" + i + ".md"), "@a" + (i + 1) + ".md");
        }
        List<String> labels = labels(open(dir).current());
        assertEquals(List.of("AGENTS.md", "a.md (imported by AGENTS.md)", "a1.md (imported by a.md (imported by AGENTS.md))"),
                labels.subList(0, 3));
        assertEquals(6, labels.size(), "AGENTS.md and five levels of imports; the cycle back to AGENTS.md ends: " + labels);
        assertFalse(labels.toString().contains("code.md") || labels.toString().contains("fenced.md") || labels.toString().contains("passwd"));
    }

    @Test
    void aChangedFileIsReadAgain() throws Exception {
        Path file = Files.writeString(dir.resolve("AGENTS.md"), "one");
        ProjectInstructions instructions = open(dir);
        assertEquals("one", instructions.current().getFirst().text());
        Files.writeString(file, "two, longer");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(5)));
        assertEquals("two, longer", instructions.current().getFirst().text());
    }

    @Test
    void aNestedFileIsReadOnceAndOnlyBelowTheCwd() throws Exception {
        Files.createDirectories(dir.resolve("a/b"));
        Files.writeString(dir.resolve("a/AGENTS.md"), "nested a");
        Files.writeString(dir.resolve("a/b/AGENTS.md"), "nested b");
        ProjectInstructions instructions = open(dir);
        assertEquals(List.of("a/AGENTS.md", "a/b/AGENTS.md"), labels(instructions.touched(dir.resolve("a/b/x.txt"))));
        assertEquals(List.of(), instructions.touched(dir.resolve("a/b/y.txt")));
        assertEquals(List.of(), instructions.touched(dir.getParent().resolve("elsewhere/x")));
        assertTrue(instructions.report().contains("a/b/AGENTS.md: 8 bytes (loaded when a file below it was read)"), instructions.report());
    }

    @Test
    void aCutEndsAtAWholeCharacter() {
        byte[] bytes = "ééé".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals("é", ProjectInstructions.cut(bytes, 3));
    }
}
