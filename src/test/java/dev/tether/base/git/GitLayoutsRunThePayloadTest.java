package dev.tether.base.git;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layouts of {@code GitLayoutWriteAttackTest}, built of plain files: the payload's path is
 * protected (always checked), and real git, where installed, runs the payload from there (the
 * only part that needs the git binary), so the protection guards something real.
 */
class GitLayoutsRunThePayloadTest {
    @TempDir
    Path tmp;
    Path ws;
    Path marker;
    GitWrites git;

    @BeforeEach
    void setUp() throws Exception {
        ws = Files.createDirectories(tmp.resolve("ws"));
        marker = tmp.resolve("ran");
        git = new GitWrites(new UserGitConfig(tmp.resolve("home"), List.of()));
    }

    private String fsmonitor() {
        return "[core]\n\tfsmonitor = \"touch " + marker + " #\"\n";
    }

    private static void gitDir(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("objects"));
        Files.createDirectories(dir.resolve("refs/heads"));
        Files.writeString(dir.resolve("HEAD"), "ref: refs/heads/main\n");
    }

    private void repository(String config) throws Exception {
        gitDir(ws.resolve(".git"));
        Files.writeString(ws.resolve(".git/config"), config);
    }

    private static void executable(Path script, String text) throws Exception {
        Files.createDirectories(script.getParent());
        Files.writeString(script, text);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private void commit() throws Exception {
        run(ws, "git", "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "--allow-empty", "-m", "x");
    }

    private void assertProtected(Path payload) {
        assertTrue(git.check(payload, List.of(ws)).isPresent(), payload + " is protected");
    }

    /** Runs git with only this test's configuration; skips the rest of the test where there is no git. */
    private void run(Path dir, String... args) throws Exception {
        boolean installed;
        try {
            installed = new ProcessBuilder("git", "--version").start().waitFor() == 0;
        } catch (java.io.IOException e) {
            installed = false;
        }
        Assumptions.assumeTrue(installed, "git is not installed: the payload is not run");
        ProcessBuilder builder = new ProcessBuilder(args).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(tmp.resolve("git.log").toFile());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("GIT_"));
        env.put("HOME", tmp.resolve("home").toString());
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        Process process = builder.start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "git finished");
    }

    private void assertRan() throws Exception {
        assertTrue(Files.exists(marker), "git ran the payload; its output: " + Files.readString(tmp.resolve("git.log")));
    }

    @Test
    void aGitdirFileLeadsGitToTheConfigOfItsTarget() throws Exception {
        gitDir(ws.resolve(".bare"));
        Files.writeString(ws.resolve(".git"), "gitdir: ./.bare\n");
        Path payload = ws.resolve(".bare/config");
        assertProtected(payload);
        Files.writeString(payload, "[core]\n\tbare = false\n" + fsmonitor());
        run(ws, "git", "status");
        assertRan();
    }

    @Test
    void theHooksPathRunsItsHookAtACommit() throws Exception {
        repository("[core]\n\thooksPath = .githooks\n");
        Path payload = ws.resolve(".githooks/pre-commit");
        assertProtected(payload);
        executable(payload, "#!/bin/sh\ntouch " + marker + "\n");
        commit();
        assertRan();
    }

    @Test
    void huskysStubRunsANewScriptThatIsNotExecutable() throws Exception {
        repository("[core]\n\thooksPath = .husky/_\n");
        Path stub = ws.resolve(".husky/_/pre-commit");
        executable(stub, "#!/bin/sh\nsh -e \"$(dirname \"$(dirname \"$0\")\")/pre-commit\"\n");
        Path payload = ws.resolve(".husky/pre-commit");
        assertProtected(payload);
        Files.writeString(payload, "touch " + marker + "\n");
        commit();
        assertRan();
    }

    @Test
    void anIncludedFileSetsTheFsmonitor() throws Exception {
        repository("[include]\n\tpath = ../.gitconfig-shared\n");
        Path payload = ws.resolve(".gitconfig-shared");
        assertProtected(payload);
        Files.writeString(payload, fsmonitor());
        run(ws, "git", "status");
        assertRan();
    }

    @Test
    void anEmbeddedRepositoryOfPlainFilesRunsItsConfigWhenGitRunsInside() throws Exception {
        Path emb = ws.resolve("emb");
        gitDir(emb);
        Path payload = emb.resolve("config");
        assertProtected(payload);
        // Without a repositoryformatversion git ignores core.worktree in a directory it found bare.
        Files.writeString(payload, "[core]\n\trepositoryformatversion = 0\n\tworktree = " + emb + "\n"
                + fsmonitor().substring("[core]\n".length()));
        run(emb, "git", "status");
        assertRan();
    }

    @Test
    void aCleanFilterRunsItsScriptWhenAFileIsStaged() throws Exception {
        repository("[filter \"strip\"]\n\tclean = ./tools/clean.sh\n");
        Files.writeString(ws.resolve(".gitattributes"), "*.txt filter=strip\n");
        Files.writeString(ws.resolve("notes.txt"), "hello\n");
        Path payload = ws.resolve("tools/clean.sh");
        assertProtected(payload);
        executable(payload, "#!/bin/sh\ntouch " + marker + "\ncat\n");
        run(ws, "git", "add", "notes.txt");
        assertRan();
    }
}
