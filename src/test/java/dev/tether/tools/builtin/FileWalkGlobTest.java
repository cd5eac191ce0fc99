package dev.tether.tools.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The file tools' globs: the shared syntax, with the spans these tools have always used. */
class FileWalkGlobTest {
    private static final List<String> PATHS = List.of("Main.java", "src/Main.java", "src/a/Util.java", "src/a/b/Deep.java", "docs/x.md");

    private static List<String> matching(String glob) {
        return PATHS.stream().filter(FileWalk.glob(glob)).toList();
    }

    @Test
    void aLeadingDoubleStarAlsoMatchesTheTop() {
        assertEquals(List.of("Main.java", "src/Main.java", "src/a/Util.java", "src/a/b/Deep.java"), matching("**/*.java"));
    }

    @Test
    void aDoubleStarFurtherInSpansAtLeastOneDirectory() {
        assertEquals(List.of("src/a/Util.java", "src/a/b/Deep.java"), matching("src/**/*.java"));
        assertEquals(List.of("src/a/b/Deep.java"), matching("**/a/**/*.java"));
    }

    @Test
    void groupsClassesAndMalformedGlobs() {
        assertEquals(List.of("Main.java", "docs/x.md"), matching("{*.java,docs/*.md}"));
        assertEquals(List.of("src/Main.java"), matching("src/[A-Z]*.java"));
        assertThrows(IllegalArgumentException.class, () -> FileWalk.glob("src/{a"));
    }
}
