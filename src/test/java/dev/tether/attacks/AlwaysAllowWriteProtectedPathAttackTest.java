package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The user chose "Always allow" for write_file on an ordinary file; the model then writes
 * {@code .git/config}. The approval covers ordinary writes only: the protected write is asked again.
 */
class AlwaysAllowWriteProtectedPathAttackTest {
    @TempDir
    Path state;
    @TempDir
    Path ws;

    @Test
    void alwaysAllowOfWriteFileDoesNotCoverGitConfig() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("a", "write_file", Json.object().put("path", "notes.txt").put("content", "1"))))
                .then(QueueModel.Reply.tools(use("b", "write_file", Json.object().put("path", "more.txt").put("content", "2"))))
                .then(QueueModel.Reply.tools(use("c", "write_file",
                        Json.object().put("path", ".git/config").put("content", ProtectedPathAcceptEditsAttackTest.FSMONITOR))))
                .then(QueueModel.Reply.text("done"));
        try (AttackSession attack = AttackSession.builtins(state, ws, model, ToolFilter.ALLOW_ALL)) {
            attack.answer("allow_always");
            attack.prompt("write notes");
            assertEquals("2", Files.readString(ws.resolve("more.txt")), "the remembered approval covers the next ordinary write");
            assertEquals(2, attack.permissions().size(), "asked for notes.txt, then for .git/config; not for more.txt");
            assertEquals(List.of("allow_once", "allow_always", "reject_once"), attack.offered(0));
            assertEquals(List.of("allow_once", "reject_once"), attack.offered(1));
            assertFalse(Files.exists(ws.resolve(".git/config")), "choosing an option not offered counts as no");
            attack.assertStillWorks();
        }
    }

    @Test
    void alwaysAllowOfWriteFileDoesNotCoverAHookInTheHooksPath() throws Exception {
        Files.createDirectories(ws.resolve(".git"));
        Files.writeString(ws.resolve(".git/config"), "[core]\n\thooksPath = .githooks\n");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("a", "write_file", Json.object().put("path", "notes.txt").put("content", "1"))))
                .then(QueueModel.Reply.tools(use("b", "write_file",
                        Json.object().put("path", ".githooks/pre-commit").put("content", "#!/bin/sh\ntouch /tmp/pwned\n"))))
                .then(QueueModel.Reply.text("done"));
        try (AttackSession attack = AttackSession.builtins(state, ws, model, ToolFilter.ALLOW_ALL)) {
            attack.answer("allow_always");
            attack.prompt("write notes");
            assertEquals(2, attack.permissions().size(), "the hook was asked about despite the remembered approval");
            assertEquals(List.of("allow_once", "reject_once"), attack.offered(1));
            assertFalse(Files.exists(ws.resolve(".githooks/pre-commit")), "choosing an option not offered counts as no");
            attack.assertStillWorks();
        }
    }
}
