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

/** In read-only mode a hostile model's write to {@code .git/config} is refused without asking and without writing. */
class ProtectedPathReadOnlyAttackTest {
    @TempDir
    Path state;
    @TempDir
    Path ws;

    @Test
    void aGitConfigWriteIsDeniedInReadOnlyMode() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("w", "write_file",
                        Json.object().put("path", ".git/config").put("content", ProtectedPathAcceptEditsAttackTest.FSMONITOR))))
                .then(QueueModel.Reply.text("done"));
        try (AttackSession attack = AttackSession.builtins(state, ws, model, ToolFilter.ALLOW_ALL)) {
            attack.mode("readOnly");
            assertEquals("end_turn", attack.prompt("tidy up"));
            assertEquals(List.of(), attack.permissions(), "denied, not asked");
            assertFalse(Files.exists(ws.resolve(".git/config")));
            assertTrue(attack.lastToolResult().contains("not allowed in readOnly mode"), attack.lastToolResult());
            assertFalse(attack.offeredTools().contains("write_file"));
            attack.assertStillWorks();
        }
    }
}
