package dev.tether.base.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Repositories found from a directory as git finds them: every layout, every enclosing one. */
class RepositoryLocatorTest {
    @TempDir
    Path tmp;

    /** The repositories found inside {@code tmp} (the temporary folder may itself lie in one). */
    private List<GitRepository> found(Path dir) {
        return RepositoryLocator.enclosing(dir).stream().filter(r -> r.gitDir().startsWith(tmp)).toList();
    }

    private static Path bare(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("objects"));
        Files.createDirectories(dir.resolve("refs"));
        Files.writeString(dir.resolve("HEAD"), "ref: refs/heads/main\n");
        return dir;
    }

    @Test
    void aDotGitDirectory() throws Exception {
        Files.createDirectories(tmp.resolve("repo/.git"));
        Path src = Files.createDirectories(tmp.resolve("repo/src"));
        assertEquals(List.of(new GitRepository(tmp.resolve("repo/.git"), tmp.resolve("repo/.git"), tmp.resolve("repo"))), found(src));
    }

    @Test
    void aGitdirFileIsFollowedRelativeToItsDirectory() throws Exception {
        Path ws = Files.createDirectories(tmp.resolve("ws"));
        bare(ws.resolve(".bare"));
        Files.writeString(ws.resolve(".git"), "gitdir: ./.bare\n");
        assertEquals(List.of(new GitRepository(ws.resolve(".bare"), ws.resolve(".bare"), ws)), found(ws));
    }

    @Test
    void aLinkedWorktreeFindsItsCommonDirectory() throws Exception {
        Path ws = Files.createDirectories(tmp.resolve("ws"));
        Path common = bare(ws.resolve("x.git"));
        Path own = Files.createDirectories(common.resolve("worktrees/main"));
        Files.writeString(own.resolve("commondir"), "../..\n");
        Files.writeString(own.resolve("HEAD"), "ref: refs/heads/main\n");
        Path main = Files.createDirectories(ws.resolve("main"));
        Files.writeString(main.resolve(".git"), "gitdir: " + own + "\r\n");
        assertEquals(new GitRepository(own, common, main), found(main).getFirst());
    }

    @Test
    void aBareDirectoryIsItsOwnRepository() throws Exception {
        Path repo = bare(tmp.resolve("plain/emb"));
        assertEquals(List.of(new GitRepository(repo, repo, null)), found(repo));
    }

    @Test
    void everyEnclosingRepositoryCountsInnermostFirst() throws Exception {
        Files.createDirectories(tmp.resolve("outer/.git"));
        Files.createDirectories(tmp.resolve("outer/vendor/inner/.git"));
        Path deep = Files.createDirectories(tmp.resolve("outer/vendor/inner/src"));
        assertEquals(List.of(tmp.resolve("outer/vendor/inner/.git"), tmp.resolve("outer/.git")),
                found(deep).stream().map(GitRepository::gitDir).toList());
    }

    @Test
    void aDotGitFileWithoutAPointerIsNoRepository() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("not"));
        Files.writeString(dir.resolve(".git"), "nothing to see\n");
        assertEquals(List.of(), found(dir));
    }

    @Test
    void onlyTheFirstLineOfAPointerIsRead() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("w"));
        Files.writeString(dir.resolve(".git"), "gitdir: ../g\nsecond line\n" + "x".repeat(10_000));
        assertEquals(List.of(tmp.resolve("g")), found(dir).stream().map(GitRepository::gitDir).toList());
    }
}
