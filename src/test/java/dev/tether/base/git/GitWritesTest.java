package dev.tether.base.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which writes make git run something: each rule, on layouts built of plain files. */
class GitWritesTest {
    @TempDir
    Path tmp;
    Path home;
    Path ws;
    GitWrites git;

    @BeforeEach
    void setUp() throws Exception {
        home = Files.createDirectories(tmp.resolve("home"));
        ws = Files.createDirectories(tmp.resolve("ws"));
        git = new GitWrites(new UserGitConfig(home, List.of(home.resolve(".gitconfig"), home.resolve(".config/git/config"))));
    }

    private Optional<GitReason> check(String relative) {
        return git.check(ws.resolve(relative), List.of(ws));
    }

    private void repository(String config) throws Exception {
        Files.createDirectories(ws.resolve(".git"));
        Files.writeString(ws.resolve(".git/config"), config);
    }

    @Test
    void ordinaryFilesAreNotProtected() throws Exception {
        repository("[core]\n\tbare = false\n");
        assertEquals(Optional.empty(), check("src/Main.java"));
        assertEquals(Optional.empty(), check("README.md"));
    }

    @Test
    void aGitDirectoryNamedAnythingIsProtected() throws Exception {
        Files.createDirectories(ws.resolve(".bare/objects"));
        Files.createDirectories(ws.resolve(".bare/refs"));
        Files.writeString(ws.resolve(".bare/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(ws.resolve(".git"), "gitdir: ./.bare\n");
        assertInstanceOf(GitReason.GitDirectory.class, check(".bare/config").orElseThrow());
        Files.writeString(ws.resolve(".git"), "gitdir: x.git\n");
        assertEquals(Optional.of(new GitReason.GitDirectory(ws.resolve("x.git"))), check("x.git/config"),
                "followed even to a directory that does not look like one");
    }

    @Test
    void theCommonDirectoryOfALinkedWorktreeIsProtected() throws Exception {
        Path own = Files.createDirectories(tmp.resolve("elsewhere/worktrees/wt"));
        Files.writeString(own.resolve("commondir"), "../../../ws/shared-common\n");
        Files.writeString(ws.resolve(".git"), "gitdir: " + own + "\n");
        assertEquals(Optional.of(new GitReason.GitDirectory(ws.resolve("shared-common"))), check("shared-common/config"));
    }

    @Test
    void theHooksPathIsProtectedRelativeToTheTopLevel() throws Exception {
        repository("[core]\n\thooksPath = .githooks\n");
        assertEquals(Optional.of(new GitReason.HooksDirectory(ws.resolve(".githooks"), ws.resolve(".git/config"))),
                check(".githooks/pre-commit"));
        Files.createDirectories(ws.resolve("sub"));
        assertEquals(Optional.empty(), check("sub/.githooks/pre-commit"), "relative to the top level, not the file");
    }

    @Test
    void huskysScriptsBesideItsHooksDirectoryAreProtected() throws Exception {
        repository("[core]\n\thooksPath = .husky/_\n");
        assertEquals(Optional.of(new GitReason.HuskyScripts(ws.resolve(".husky"), ws.resolve(".husky/_"), ws.resolve(".git/config"))),
                check(".husky/pre-commit"));
        assertInstanceOf(GitReason.HooksDirectory.class, check(".husky/_/pre-commit").orElseThrow());
    }

    @Test
    void aHomeRelativeOrAbsoluteHooksPathIsProtected() throws Exception {
        repository("[core]\n\thooksPath = ~/hooks\n[core]\n\thooksPath = " + ws.resolve("abs-hooks") + "\n");
        assertInstanceOf(GitReason.HooksDirectory.class, git.check(home.resolve("hooks/post-checkout"), List.of(ws)).orElseThrow());
        assertInstanceOf(GitReason.HooksDirectory.class, check("abs-hooks/x").orElseThrow(), "every value counts, not only the last");
    }

    @Test
    void aHooksPathRelativeToCoreWorktreeIsProtected() throws Exception {
        repository("[core]\n\tworktree = ../../tree\n\thooksPath = hooks\n");
        assertInstanceOf(GitReason.HooksDirectory.class, git.check(tmp.resolve("tree/hooks/pre-push"), List.of(ws)).orElseThrow());
    }

    @Test
    void includedFilesAreProtectedWhetherTheyExistOrNot() throws Exception {
        repository("[include]\n\tpath = ../.gitconfig-shared\n[includeIf \"gitdir/i:~/never/\"]\n\tpath = ../conditional.inc\n");
        assertEquals(Optional.of(new GitReason.Included(ws.resolve(".gitconfig-shared"), ws.resolve(".git/config"))),
                check(".gitconfig-shared"));
        assertInstanceOf(GitReason.Included.class, check("conditional.inc").orElseThrow(), "conditions are not evaluated");
        Files.writeString(ws.resolve(".gitconfig-shared"), "[include]\n\tpath = tools/more.inc\n[core]\n\thooksPath = hooks2\n");
        assertEquals(Optional.of(new GitReason.Included(ws.resolve("tools/more.inc"), ws.resolve(".gitconfig-shared"))),
                check("tools/more.inc"), "includes of includes");
        assertInstanceOf(GitReason.HooksDirectory.class, check("hooks2/pre-commit").orElseThrow(), "settings of included files");
    }

    @Test
    void anOuterRepositorysConfigurationCountsInsideANestedOne() throws Exception {
        repository("[include]\n\tpath = ../vendor/lib/settings.inc\n");
        Files.createDirectories(ws.resolve("vendor/lib/.git"));
        assertInstanceOf(GitReason.Included.class, check("vendor/lib/settings.inc").orElseThrow());
    }

    @Test
    void theUsersOwnConfigurationCounts() throws Exception {
        Files.writeString(home.resolve(".gitconfig"), "[core]\n\thooksPath = .team-hooks\n[include]\n\tpath = ~/dotfiles/git.inc\n");
        repository("[core]\n\tbare = false\n");
        assertEquals(Optional.of(new GitReason.HooksDirectory(ws.resolve(".team-hooks"), home.resolve(".gitconfig"))),
                check(".team-hooks/pre-commit"), "a relative hooks path applies in every repository");
        assertInstanceOf(GitReason.Included.class, git.check(home.resolve("dotfiles/git.inc"), List.of(ws)).orElseThrow());
        assertEquals(Optional.of(new GitReason.UserConfig(home.resolve(".config/git/config"))),
                git.check(home.resolve(".config/git/config"), List.of(ws)), "one that does not exist yet too");
    }

    @Test
    void aConfigurationPastItsBoundsMakesEveryWriteInItsRepositoryCount() throws Exception {
        StringBuilder config = new StringBuilder("[include]\n");
        for (int i = 0; i < GitConfigFiles.MAX_FILES; i++) {
            config.append("\tpath = f").append(i).append('\n');
        }
        repository(config.toString());
        GitReason reason = check("src/Main.java").orElseThrow();
        assertInstanceOf(GitReason.Unjudged.class, reason);
        assertTrue(reason.explain(Path::toString).contains("more than 64 configuration files"), reason.explain(Path::toString));
        assertEquals(Optional.empty(), git.check(tmp.resolve("elsewhere/file.txt"), List.of(tmp.resolve("elsewhere"))),
                "a session outside that repository is not affected");
    }

    @Test
    void aDirectoryThatLooksLikeAGitDirectoryIsProtected() throws Exception {
        Files.createDirectories(ws.resolve("emb/objects"));
        Files.createDirectories(ws.resolve("emb/refs"));
        Files.writeString(ws.resolve("emb/HEAD"), "ref: refs/heads/main\n");
        assertEquals(Optional.of(new GitReason.LooksLikeGitDirectory(ws.resolve("emb"))), check("emb/config"));
        assertEquals(Optional.of(new GitReason.LooksLikeGitDirectory(ws.resolve("emb"))), check("emb/hooks/deep/x"));
    }

    @Test
    void theWritesOwnNameCountsIgnoringCase() throws Exception {
        Files.createDirectories(ws.resolve("emb"));
        Files.writeString(ws.resolve("emb/config"), "[core]\n");
        assertEquals(Optional.of(new GitReason.LooksLikeGitDirectory(ws.resolve("emb"))), check("emb/head"));
        assertFalse(check("emb/HEADER").isPresent());
    }

    @Test
    void directoriesTheWriteCreatesCount() throws Exception {
        Files.createDirectories(ws.resolve("emb/objects"));
        Files.writeString(ws.resolve("emb/HEAD"), "ref: refs/heads/main\n");
        assertEquals(Optional.of(new GitReason.LooksLikeGitDirectory(ws.resolve("emb"))), check("emb/refs/heads/main"));
        assertEquals(Optional.empty(), check("fresh/HEAD"), "HEAD alone in a new directory is no git directory");
    }

    @Test
    void aScriptACommandSettingNamesIsProtected() throws Exception {
        repository("[filter \"nb\"]\n\tclean = ./tools/clean.sh %f\n[alias]\n\tst = !scripts/status\n\tlg = log --graph\n"
                + "\tweb = !cd packages/web && npm start\n"
                + "[core]\n\tpager = less -R\n\tfsmonitor = \"hooks/watch\"\n");
        assertEquals(Optional.of(new GitReason.Program(ws.resolve("tools/clean.sh"), "filter.nb.clean", ws.resolve(".git/config"))),
                check("tools/clean.sh"));
        assertInstanceOf(GitReason.Program.class, check("scripts/status").orElseThrow());
        assertInstanceOf(GitReason.Program.class, check("hooks/watch").orElseThrow());
        assertEquals(Optional.empty(), check("tools/other.sh"));
        assertEquals(Optional.empty(), check("less"));
        assertEquals(Optional.empty(), check("packages/web/src/App.tsx"), "a directory a command names is not a program");
    }

    @Test
    void tooManyProgramsCannotBeJudged() throws Exception {
        StringBuilder config = new StringBuilder("[alias]\n");
        for (int i = 0; i <= GitWrites.MAX_PROGRAMS; i++) {
            config.append("\ta").append(i).append(" = !./s").append(i).append('\n');
        }
        repository(config.toString());
        assertInstanceOf(GitReason.Unjudged.class, check("README.md").orElseThrow());
    }
}
