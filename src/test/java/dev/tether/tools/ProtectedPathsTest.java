package dev.tether.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.git.UserGitConfig;
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
            ".claude/settings.json", ".tether/settings.json", ".tether/commands/review.md",
            ".tether/skills/deploy/SKILL.md", ".mcp.json", "pkg/.mcp.json", ".devcontainer/devcontainer.json", ".devcontainer.json",
            ".cargo/config.toml", "crates/x/.cargo/config", "mise.toml", ".mise.toml", "mise.local.toml", ".mise.dev.toml",
            ".mise/config.toml", "mise/config.toml", ".config/mise/config.toml", ".config/mise.toml", ".rtx.toml",
            ".tool-versions", "sub/.tool-versions", ".exrc", "_exrc", ".vimrc", "_vimrc", ".gvimrc", ".nvimrc", ".nvim.lua",
            ".pre-commit-config.yaml", "lefthook.yml", ".lefthook.yml", "lefthook-local.yml", ".lefthook/pre-commit/lint.sh"})
    void builtInPathsAreProtected(String relative) {
        assertTrue(ProtectedPaths.DEFAULT.covers(workspace(), ws.resolve(relative)), relative);
    }

    @ParameterizedTest
    @ValueSource(strings = {"README.md", ".gitignore", ".github/workflows/ci.yml", "src/git/config", ".envrc.example", "idea/x", "mcp.json",
            "docs/claude.md", "docs/tether.md", "tether/settings.json", "Cargo.toml", "build.rs", ".cargo/credentials.toml", ".yarnrc.yml", "package.json", "Makefile",
            "docs/mise.md", "src/vimrc.rs", "HEAD", "objects/x", "config"})
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
        assertEquals(Optional.of(new ProtectedPaths.Protection(".git/hooks/post-merge", "git reads the configuration and runs the hooks in it")),
                ProtectedPaths.DEFAULT.match(workspace(), ws.resolve("notes.txt")));
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

    @Test
    void theRequestSaysWhyAndWhatRunsIt() {
        ProtectedPaths paths = new ProtectedPaths(List.of("deploy/*.sh"));
        assertEquals("Writing .envrc is like running a command: direnv runs it when you enter the directory.",
                paths.match(workspace(), ws.resolve(".envrc")).orElseThrow().explain());
        assertEquals("Writing deploy/go.sh is like running a command: it matches tools.protectedPaths in your settings.",
                paths.match(workspace(), ws.resolve("deploy/go.sh")).orElseThrow().explain());
    }

    @Test
    void gitsRulesNameThePlacesRelativeToTheWorkspace() throws Exception {
        Files.createDirectories(ws.resolve(".git"));
        Files.writeString(ws.resolve(".git/config"), "[core]\n\thooksPath = tools/\u202Ehooks\n");
        ProtectedPaths.Protection protection = ProtectedPaths.DEFAULT.match(workspace(), ws.resolve("tools/\u202Ehooks/pre-push")).orElseThrow();
        assertEquals(new ProtectedPaths.Protection("tools/hooks/pre-push", "git runs hooks from tools/hooks (core.hooksPath in .git/config)"),
                protection, "workspace-relative, and cleaned of characters that would make it read otherwise");
    }

    @Test
    void theUsersOwnGitConfigurationCounts() throws Exception {
        Path home = Files.createDirectories(other.resolve("home"));
        Files.writeString(home.resolve(".gitconfig"), "[core]\n\thooksPath = ~/hooks\n");
        ProtectedPaths paths = new ProtectedPaths(List.of(), new UserGitConfig(home, List.of(home.resolve(".gitconfig"))));
        assertEquals(Optional.of(new ProtectedPaths.Protection("home/hooks/post-merge",
                        "git runs hooks from home/hooks (core.hooksPath in home/.gitconfig)")),
                paths.match(workspace(), home.resolve("hooks/post-merge")));
        assertTrue(paths.covers(workspace(), home.resolve(".gitconfig")));
        assertFalse(ProtectedPaths.DEFAULT.covers(workspace(), home.resolve("hooks/post-merge")), "only where the user's configuration says so");
    }
}
