package dev.tether.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Which writes run something: the built-in globs, the user's, case and invisible characters, links. */
class ProtectedPathsTest {
    @TempDir
    Path ws;
    @TempDir
    Path other;

    private Workspace workspace() {
        return new Workspace(ws, List.of(other));
    }

    @ParameterizedTest
    @ValueSource(strings = {".git/config", ".git/hooks/pre-commit", ".git", ".envrc", "a/b/.envrc", ".vscode/tasks.json",
            ".zed/settings.json", ".idea/workspace.xml", ".Git/CONFIG", "sub/.git/config", ".g\u200Bit/config",
            ".claude/settings.json", ".mcp.json", "pkg/.mcp.json"})
    void builtInPathsAreProtected(String relative) {
        assertTrue(ProtectedPaths.DEFAULT.covers(workspace(), ws.resolve(relative)), relative);
    }

    @ParameterizedTest
    @ValueSource(strings = {"README.md", ".gitignore", ".github/workflows/ci.yml", "src/git/config", ".envrc.example", "idea/x", "mcp.json", "docs/claude.md"})
    void ordinaryPathsAreNot(String relative) {
        assertFalse(ProtectedPaths.DEFAULT.covers(workspace(), ws.resolve(relative)), relative);
    }

    @Test
    void userGlobsAddToTheDefaultsInEveryRoot() {
        ProtectedPaths paths = new ProtectedPaths(List.of("deploy/*.sh", "**/Makefile", "/scripts/"));
        assertTrue(paths.covers(workspace(), ws.resolve("deploy/release.sh")));
        assertFalse(paths.covers(workspace(), ws.resolve("deploy/sub/release.sh")), "* stays within one component");
        assertTrue(paths.covers(workspace(), other.resolve("a/b/Makefile")));
        assertTrue(paths.covers(workspace(), ws.resolve("scripts/any/thing")), "a matched directory protects what is below");
        assertTrue(paths.covers(workspace(), ws.resolve(".git/config")), "the defaults stay");
        assertEquals(ProtectedPaths.DEFAULT_GLOBS, paths.globs().subList(0, ProtectedPaths.DEFAULT_GLOBS.size()));
    }

    @Test
    void aDanglingLinkIsJudgedByItsTarget() throws Exception {
        Files.createDirectories(ws.resolve(".git/hooks"));
        Files.createSymbolicLink(ws.resolve("notes.txt"), Path.of(".git/hooks/post-merge"));
        assertEquals(Optional.of(".git/hooks/post-merge"), ProtectedPaths.DEFAULT.match(workspace(), ws.resolve("notes.txt")));
    }

    @Test
    void aLinkLoopCountsAsProtected() throws Exception {
        Files.createSymbolicLink(ws.resolve("a"), Path.of("b"));
        Files.createSymbolicLink(ws.resolve("b"), Path.of("a"));
        assertTrue(ProtectedPaths.DEFAULT.covers(workspace(), ws.resolve("a/x.txt")));
    }

    @Test
    void aLinkFromOneRootIntoAnothersGitIsProtected() throws Exception {
        Files.createDirectories(other.resolve(".git"));
        Files.createSymbolicLink(ws.resolve("elsewhere"), other.resolve(".git"));
        assertTrue(ProtectedPaths.DEFAULT.covers(workspace(), ws.resolve("elsewhere/config")));
    }
}
