package dev.tether.base.git;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which settings git runs as commands, and the programs they name by path. */
class GitCommandsTest {
    @Test
    void commandSettingsAreKnownInEverySubsection() {
        for (String name : List.of("core.fsmonitor", "core.pager", "core.sshcommand", "sequence.editor", "filter.lfs.clean",
                "filter.Crypt.smudge", "filter.x.process", "diff.nb.textconv", "merge.ours.driver", "gpg.ssh.program",
                "credential.https://example.com.helper", "alias.st", "pager.log", "difftool.kdiff.cmd")) {
            assertTrue(GitCommands.isCommand(name), name);
        }
        for (String name : List.of("core.bare", "user.email", "remote.origin.url", "include.path", "core.hookspath")) {
            assertFalse(GitCommands.isCommand(name), name);
        }
    }

    @Test
    void wordsThatLookLikePathsAreThePrograms() {
        assertEquals(List.of("./tools/clean.sh"), GitCommands.programPaths("./tools/clean.sh %f"));
        assertEquals(List.of("scripts/fsmonitor"), GitCommands.programPaths("\"scripts/fsmonitor\""));
        assertEquals(List.of("./x.sh", "~/bin/y"), GitCommands.programPaths("!sh -c './x.sh && ~/bin/y' -"));
        assertEquals(List.of("/usr/bin/gpg"), GitCommands.programPaths("/usr/bin/gpg --batch"));
        assertEquals(List.of(), GitCommands.programPaths("less -R"));
        assertEquals(List.of(), GitCommands.programPaths("git-lfs clean -- %f --url=https://x.example/a"));
    }
}
