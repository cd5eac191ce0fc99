package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A cloned repository ships {@code notes.txt -> ../outside/pwned.txt} whose target does not
 * exist; the model writes {@code notes.txt} in acceptEdits. Following the link would create a
 * file outside the workspace without any prompt. Both through the editor's fs methods and locally.
 */
class DanglingSymlinkWriteAttackTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void writingThroughADanglingLinkCreatesNothingOutside(HostileWorkspace.Fs files) throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("w1", "write_file", Json.object().put("path", "notes.txt").put("content", "owned"))))
                .then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, files, "acceptEdits")) {
            Files.createSymbolicLink(attack.ws.resolve("notes.txt"), Path.of("../outside/pwned.txt"));

            assertEquals("end_turn", attack.prompt("take notes"));

            assertFalse(Files.exists(attack.outside.resolve("pwned.txt")), "nothing was created outside the workspace");
            assertEquals("failed", attack.lastUpdate("w1").path("status").asString());
            assertTrue(attack.resultForModel("w1").contains("symbolic link whose target does not exist"),
                    attack.resultForModel("w1"));
            assertTrue(attack.client.agentRequests().stream().noneMatch(r -> r.path("method").asString().startsWith("fs/")),
                    "the editor was never asked to write through the link");
            attack.assertStillWorks();
        }
    }
}
