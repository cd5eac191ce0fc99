package dev.tether.base;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The one glob syntax, as users write it in tool filters, protected paths and the file tools. */
class GlobTest {
    private static final List<String> PATHS = List.of("Main.java", "src/Main.java", "src/a/b/Util.java", "src/notes.md",
            ".git", "sub/.git", "sub/.git/config", "a.txt", "b.txt", "ab.txt", "x/y");

    private static List<String> matching(Predicate<String> glob) {
        return PATHS.stream().filter(glob).toList();
    }

    private static List<String> path(String glob) {
        return matching(Glob.path(glob)::matches);
    }

    @Test
    void nameGlobsHaveOnlyStarAndQuestionMark() {
        Glob glob = Glob.name("mcp__*__read_?");
        assertEquals(List.of(true, true, false, false), List.of(glob.matches("mcp__fs__read_a"), glob.matches("mcp__a/b.c__read_x"),
                glob.matches("mcp__fs__read_ab"), glob.matches("xmcp__fs__read_a")));
        assertEquals(true, Glob.name("*").matches("odd\nname/with.separators"), "a deny-all must deny every name");
        assertEquals(List.of(true, false), List.of(Glob.name("a[1]{x}").matches("a[1]{x}"), Glob.name("a[1]").matches("a1")));
        assertEquals(false, Glob.name("Read").matches("read"), "names are case-sensitive");
    }

    @Test
    void starAndQuestionMarkStayInOneComponent() {
        assertEquals(List.of("Main.java"), path("*.java"));
        assertEquals(List.of("a.txt", "b.txt"), path("?.txt"));
        assertEquals(List.of("src/Main.java"), path("src/*.java"));
    }

    @Test
    void doubleStarCrossesDirectoriesAndItsSlashMayMatchNone() {
        assertEquals(List.of("Main.java", "src/Main.java", "src/a/b/Util.java"), path("**/*.java"));
        assertEquals(List.of("src/Main.java", "src/a/b/Util.java"), path("src/**/*.java"));
        assertEquals(List.of(".git", "sub/.git"), path("**/.git"));
        assertEquals(List.of("src/Main.java", "src/a/b/Util.java", "src/notes.md"), path("src/**"));
    }

    @Test
    void classesGroupsAndEscapes() {
        assertEquals(List.of("a.txt", "b.txt"), path("[ab].txt"));
        assertEquals(List.of("b.txt"), path("[!a].txt"));
        assertEquals(List.of("a.txt", "b.txt"), path("[a-c].txt"));
        assertEquals(List.of("src/Main.java", "src/notes.md"), path("src/*.{java,md}"));
        assertEquals(false, Glob.path("x[/]y").matches("x/y"), "a class never matches the separator");
        assertEquals(false, Glob.path("x[!a]y").matches("x/y"));
        assertEquals(List.of(true, false), List.of(Glob.path("\\*.txt").matches("*.txt"), Glob.path("\\*.txt").matches("a.txt")));
    }

    @Test
    void caseIsIgnoredOnlyWhenAsked() {
        assertEquals(false, Glob.path("**/.GIT").matches("sub/.git"));
        assertEquals(true, Glob.pathIgnoringCase("**/.GIT").matches("sub/.git"));
    }

    @Test
    void malformedPathGlobsAreRefused() {
        for (String bad : List.of("[abc", "{a,b", "{a,{b}}", "x\\")) {
            assertThrows(IllegalArgumentException.class, () -> Glob.path(bad), bad);
        }
    }
}
