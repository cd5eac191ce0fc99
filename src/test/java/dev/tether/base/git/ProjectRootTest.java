package dev.tether.base.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectRootTest {
    @TempDir
    Path tmp;

    @Test
    void theGitTopLevelAboveTheDirectoryIsTheProject() throws IOException {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        Files.createDirectories(repo.resolve(".git"));
        Path deep = Files.createDirectories(repo.resolve("src/main"));
        assertEquals(repo.toRealPath(), ProjectRoot.of(deep));
        assertEquals(repo.toRealPath(), ProjectRoot.of(repo));
    }

    @Test
    void aGitdirFileMarksAWorkTreeToo() throws IOException {
        Path wt = Files.createDirectories(tmp.resolve("wt"));
        Files.writeString(wt.resolve(".git"), "gitdir: ../.bare/worktrees/wt\n");
        Path sub = Files.createDirectories(wt.resolve("pkg"));
        assertEquals(wt.toRealPath(), ProjectRoot.of(sub));
    }

    @Test
    void aPlainFileNamedDotGitIsNotARepository() throws IOException {
        Path outer = Files.createDirectories(tmp.resolve("outer"));
        Files.createDirectories(outer.resolve(".git"));
        Path inner = Files.createDirectories(outer.resolve("inner"));
        Files.writeString(inner.resolve(".git"), "not a pointer");
        assertEquals(outer.toRealPath(), ProjectRoot.of(inner));
    }

    @Test
    void withoutARepositoryTheDirectoryItselfIsTheProject() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("plain/dir"));
        // tmp itself may lie in a repository of this user's; keep the walk inside tmp honest.
        Assumptions.assumeTrue(ProjectRoot.topLevel(tmp).isEmpty(), "the temporary folder lies inside a git work tree");
        assertEquals(dir.toRealPath(), ProjectRoot.of(dir));
    }

    @Test
    void aDotGitOfAnotherUserDoesNotCount() throws IOException {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root to give a file away");
        Path shared = Files.createDirectories(tmp.resolve("shared"));
        Path planted = Files.createDirectories(shared.resolve(".git"));
        UserPrincipal nobody = shared.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
        Files.setOwner(planted, nobody);
        Path mine = Files.createDirectories(shared.resolve("mine"));
        Assumptions.assumeTrue(ProjectRoot.topLevel(tmp).isEmpty(), "the temporary folder lies inside a git work tree");
        assertEquals(mine.toRealPath(), ProjectRoot.of(mine));
    }

    @Test
    void aMissingDirectoryIsItsOwnProject() {
        Path missing = tmp.resolve("no/such/dir");
        Assumptions.assumeTrue(ProjectRoot.topLevel(tmp).isEmpty(), "the temporary folder lies inside a git work tree");
        assertEquals(missing.toAbsolutePath().normalize(), ProjectRoot.of(missing));
    }
}
