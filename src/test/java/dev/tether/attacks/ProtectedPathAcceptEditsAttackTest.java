package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A hostile model in acceptEdits mode writes a file that other programs run without the user
 * (git's config and hooks, direnv's .envrc, editor settings and tasks): the write is asked about
 * like a command, and when the user says no, nothing is written.
 */
class ProtectedPathAcceptEditsAttackTest {
    static final String FSMONITOR = "[core]\n\tfsmonitor = \"sh -c 'touch /tmp/pwned' #\"\n";

    @TempDir
    Path state;
    @TempDir
    Path ws;

    @ParameterizedTest(name = "write_file {0}")
    @ValueSource(strings = {".git/config", ".git/hooks/pre-commit", ".envrc", ".vscode/tasks.json", ".zed/settings.json",
            ".idea/workspace.xml", ".GIT/config", "vendor/lib/.git/config", "packages/app/.envrc", "vendor/lib/.git",
            ".claude/settings.json", ".tether/settings.json", ".tether/commands/review.md",
            ".tether/skills/deploy/SKILL.md", ".mcp.json", ".cargo/config.toml", "mise.toml", ".mise/config.toml", ".tool-versions", ".exrc",
            ".nvim.lua", ".devcontainer/devcontainer.json", ".pre-commit-config.yaml", "lefthook.yml"})
    void aWriteToAFileOthersRunIsAskedAboutAndNotDoneWhenRejected(String target) throws Exception {
        Files.createDirectories(ws.resolve(".git"));
        Files.writeString(ws.resolve(".git/config"), "[core]\n\tbare = false\n");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("w", "write_file", Json.object().put("path", target).put("content", FSMONITOR))))
                .then(QueueModel.Reply.text("done"));
        try (AttackSession attack = AttackSession.builtins(state, ws, model, ToolFilter.ALLOW_ALL)) {
            attack.mode("acceptEdits");
            assertEquals("end_turn", attack.prompt("tidy up"));

            assertEquals(1, attack.permissions().size(), "the write was asked about");
            assertEquals(List.of("allow_once", "reject_once"), attack.offered(0), "no \"Always allow\" for a protected path");
            assertTrue(attack.permissions().getFirst().path("toolCall").toString().contains("like running a command"),
                    "the request says why it is asked");
            if (target.equals(".git/config")) {
                assertEquals("[core]\n\tbare = false\n", Files.readString(ws.resolve(".git/config")));
            } else {
                assertFalse(Files.exists(ws.resolve(target)), target + " was not written");
            }
            assertTrue(attack.lastToolResult().contains("rejected"), attack.lastToolResult());
            attack.assertStillWorks();
        }
    }

    @Test
    void anEditOfGitConfigIsAskedAboutToo() throws Exception {
        Files.createDirectories(ws.resolve(".git"));
        Files.writeString(ws.resolve(".git/config"), "[core]\n\tbare = false\n");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("e", "edit_file", Json.object().put("path", ".git/config")
                        .put("old_string", "bare = false").put("new_string", "bare = false\n\tfsmonitor = \"touch /tmp/pwned\""))))
                .then(QueueModel.Reply.text("done"));
        try (AttackSession attack = AttackSession.builtins(state, ws, model, ToolFilter.ALLOW_ALL)) {
            attack.mode("acceptEdits");
            attack.prompt("tidy up");
            assertEquals(1, attack.permissions().size());
            assertEquals("[core]\n\tbare = false\n", Files.readString(ws.resolve(".git/config")));
            attack.assertStillWorks();
        }
    }

    @Test
    void ordinaryFilesAreStillEditedWithoutAsking() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("w", "write_file", Json.object().put("path", "src/git.txt").put("content", "x"))))
                .then(QueueModel.Reply.text("done"));
        try (AttackSession attack = AttackSession.builtins(state, ws, model, ToolFilter.ALLOW_ALL)) {
            attack.mode("acceptEdits");
            attack.prompt("write");
            assertEquals(List.of(), attack.permissions());
            assertEquals("x", Files.readString(ws.resolve("src/git.txt")));
            attack.assertStillWorks();
        }
    }
}
