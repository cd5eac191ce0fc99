package dev.tether.base.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.git.GitConfigFiles.Include;
import dev.tether.base.git.GitConfigFiles.Read;
import dev.tether.base.git.GitConfigFiles.Setting;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A configuration with its includes, read within bounds whatever a hostile repository puts there. */
class GitConfigFilesTest {
    private static final Predicate<String> HOOKS = "core.hookspath"::equals;

    @TempDir
    Path dir;
    @TempDir
    Path home;

    private Read read(Path root) {
        return GitConfigFiles.read(List.of(root), HOOKS, home);
    }

    @Test
    void includesResolveAgainstTheIncludingFileAndHomeWhetherTheyExistOrNot() throws Exception {
        Path git = Files.createDirectories(dir.resolve(".git"));
        Files.writeString(git.resolve("config"), """
                [include]
                    path = ../team.inc
                    path = ~/personal.inc
                [includeIf "onbranch:main"]
                    path = /abs/branch.inc
                [includeIf "hasconfig:remote.*.url:https://x/**"]
                    path = nested/missing.inc
                """);
        Files.writeString(dir.resolve("team.inc"), "[core]\nhooksPath = .githooks\n[include]\npath = sub/deeper.inc\n");
        Read read = read(git.resolve("config"));
        assertEquals(Optional.empty(), read.unjudged());
        assertEquals(List.of(new Include(dir.resolve("team.inc"), git.resolve("config")),
                new Include(dir.resolve("sub/deeper.inc"), dir.resolve("team.inc")),
                new Include(home.resolve("personal.inc"), git.resolve("config")),
                new Include(Path.of("/abs/branch.inc"), git.resolve("config")),
                new Include(git.resolve("nested/missing.inc"), git.resolve("config"))), read.includes());
        assertEquals(List.of(new Setting("core.hookspath", ".githooks", dir.resolve("team.inc"))), read.settings());
    }

    @Test
    void anIncludeLoopEndsAndBothFilesCount() throws Exception {
        Files.writeString(dir.resolve("a"), "[include]\npath = b\n[core]\nhooksPath = from-a\n");
        Files.writeString(dir.resolve("b"), "[include]\npath = a\n[core]\nhooksPath = from-b\n");
        Read read = read(dir.resolve("a"));
        assertEquals(Optional.empty(), read.unjudged());
        assertEquals(List.of(new Include(dir.resolve("b"), dir.resolve("a")), new Include(dir.resolve("a"), dir.resolve("b"))),
                read.includes());
        assertEquals(List.of("from-a", "from-b"), read.settings().stream().map(Setting::value).toList());
    }

    private Path chain(int includes) throws Exception {
        for (int i = 0; i < includes; i++) {
            Files.writeString(dir.resolve("level" + i), "[include]\npath = level" + (i + 1) + "\n");
        }
        Files.writeString(dir.resolve("level" + includes), "[core]\nhooksPath = deepest\n");
        return dir.resolve("level0");
    }

    @Test
    void tenNestedIncludesAreRead() throws Exception {
        Read read = read(chain(GitConfigFiles.MAX_INCLUDE_DEPTH));
        assertEquals(Optional.empty(), read.unjudged());
        assertEquals("deepest", read.settings().getLast().value());
    }

    @Test
    void anEleventhNestedIncludeCannotBeJudged() throws Exception {
        Read read = read(chain(GitConfigFiles.MAX_INCLUDE_DEPTH + 1));
        assertTrue(read.unjudged().orElseThrow().why().contains("deeper than git's limit of 10"), read.unjudged().toString());
        assertEquals(dir.resolve("level" + (GitConfigFiles.MAX_INCLUDE_DEPTH + 1)), read.includes().getLast().file(),
                "the file past the limit is still named");
    }

    private Path fanOut(int includes) throws Exception {
        StringBuilder root = new StringBuilder("[include]\n");
        for (int i = 0; i < includes; i++) {
            root.append("path = f").append(i).append('\n');
            Files.writeString(dir.resolve("f" + i), "[core]\nhooksPath = h" + i + "\n");
        }
        Files.writeString(dir.resolve("root"), root);
        return dir.resolve("root");
    }

    @Test
    void sixtyFourFilesInAllAreRead() throws Exception {
        Read read = read(fanOut(GitConfigFiles.MAX_FILES - 1));
        assertEquals(Optional.empty(), read.unjudged());
        assertEquals(GitConfigFiles.MAX_FILES - 1, read.settings().size());
    }

    @Test
    void aSixtyFifthFileCannotBeJudged() throws Exception {
        Read read = read(fanOut(GitConfigFiles.MAX_FILES));
        assertEquals(new GitConfigFiles.Unjudged(dir.resolve("root"), "more than 64 configuration files are included"),
                read.unjudged().orElseThrow());
    }

    @Test
    void aFileOverSixteenMebibytesCannotBeJudged() throws Exception {
        Path huge = dir.resolve("huge");
        try (OutputStream out = Files.newOutputStream(huge)) {
            byte[] comment = ("# " + "x".repeat(1021) + "\n").getBytes();
            for (long written = 0; written <= GitConfigFiles.MAX_BYTES; written += comment.length) {
                out.write(comment);
            }
            out.write("[core]\nhooksPath = past-the-cap\n".getBytes());
        }
        Read read = read(huge);
        assertEquals(new GitConfigFiles.Unjudged(huge, "more than 16 MiB of configuration"), read.unjudged().orElseThrow());
        assertEquals(List.of(), read.settings());
    }

    @Test
    void aFifoNamedInAnIncludeIsNamedButNeverOpened() throws Exception {
        Path fifo = dir.resolve("pipe.inc");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo");
        Files.writeString(dir.resolve("config"), "[include]\npath = pipe.inc\n[core]\nhooksPath = h\n");
        Read read = read(dir.resolve("config"));
        assertEquals(Optional.empty(), read.unjudged());
        assertEquals(List.of(new Include(fifo, dir.resolve("config"))), read.includes());
        assertEquals(1, read.settings().size());
    }

    @Test
    void binaryJunkIsReadPastAndTheSettingsAfterItKept() throws Exception {
        byte[] junk = new byte[256 * 1024];
        new Random(23).nextBytes(junk);
        Path config = dir.resolve("config");
        try (OutputStream out = Files.newOutputStream(config)) {
            out.write(junk);
            out.write("\n[core]\nhooksPath = after-junk\n".getBytes());
        }
        Read read = read(config);
        assertEquals(Optional.empty(), read.unjudged());
        assertEquals("after-junk", read.settings().getLast().value());
    }

    @Test
    void anOverlongPathCannotBeJudged() throws Exception {
        Files.writeString(dir.resolve("config"), "[core]\nhooksPath = " + "h".repeat(GitConfigParser.MAX_FIELD_CHARS + 1) + "\n");
        assertTrue(read(dir.resolve("config")).unjudged().orElseThrow().why().contains("longer than 64 KiB"));
    }

    @Test
    void aDirectoryOrAMissingFileIsNamedAndNotRead() throws Exception {
        Files.createDirectories(dir.resolve("adir"));
        Files.writeString(dir.resolve("config"), "[include]\npath = adir\npath = nothing-here\n");
        Read read = read(dir.resolve("config"));
        assertEquals(Optional.empty(), read.unjudged());
        assertEquals(2, read.includes().size());
    }
}
