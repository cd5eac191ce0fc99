package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.ToolFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hostile workspace links an innocent-looking name to {@code .git}; the model writes through
 * the link. The write is judged by where it really lands, so it is asked about.
 */
class SymlinkToProtectedPathAttackTest {
    @TempDir
    Path state;
    @TempDir
    Path ws;

    @Test
    void aWriteThroughALinkedDirectoryIntoGitIsAskedAbout() throws Exception {
        Files.createDirectories(ws.resolve(".git/hooks"));
        Files.createSymbolicLink(ws.resolve("tooling"), Path.of(".git/hooks"));
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("w", "write_file", Json.object().put("path", "tooling/post-checkout")
                        .put("content", "#!/bin/sh\ntouch /tmp/pwned\n"))))
                .then(QueueModel.Reply.text("done"));
        try (AttackSession attack = AttackSession.builtins(state, ws, model, ToolFilter.ALLOW_ALL)) {
            attack.mode("acceptEdits");
            attack.prompt("add tooling");
            assertEquals(1, attack.permissions().size());
            assertFalse(Files.exists(ws.resolve(".git/hooks/post-checkout")));
            attack.assertStillWorks();
        }
    }

    @Test
    void aWriteThroughAFileLinkToGitConfigIsAskedAbout() throws Exception {
        Files.createDirectories(ws.resolve(".git"));
        Files.writeString(ws.resolve(".git/config"), "[core]\n");
        Files.createSymbolicLink(ws.resolve("settings.ini"), Path.of(".git/config"));
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("w", "write_file", Json.object().put("path", "settings.ini")
                        .put("content", ProtectedPathAcceptEditsAttackTest.FSMONITOR))))
                .then(QueueModel.Reply.text("done"));
        try (AttackSession attack = AttackSession.builtins(state, ws, model, ToolFilter.ALLOW_ALL)) {
            attack.mode("acceptEdits");
            attack.prompt("configure");
            assertEquals(1, attack.permissions().size());
            assertEquals("[core]\n", Files.readString(ws.resolve(".git/config")));
            attack.assertStillWorks();
        }
    }
}
