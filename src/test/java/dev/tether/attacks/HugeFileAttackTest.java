package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A 5 GB file in the workspace (sparse, so the test costs no disk). Reading it whole into
 * memory, even for a preview shown before the permission prompt, ends in an
 * {@code OutOfMemoryError}; tools refuse whole reads past the cap before reading a byte, page
 * through it in bounded memory, and never ask the editor to load it.
 */
class HugeFileAttackTest {
    private static final long SIZE = 5L * 1024 * 1024 * 1024;

    @TempDir
    Path dir;

    private HostileWorkspace open(HostileWorkspace.Fs files, String mode, String tool, JsonNode input) throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("h1", tool, input))).then(QueueModel.Reply.text("done"));
        HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, files, mode);
        try (RandomAccessFile file = new RandomAccessFile(attack.ws.resolve("big.log").toFile(), "rw")) {
            file.write("alpha\nbravo\ncharlie\ndelta\n".getBytes(StandardCharsets.UTF_8));
            file.setLength(SIZE);
        }
        assertEquals("end_turn", attack.prompt("go"));
        assertTrue(attack.client.agentRequests().stream().noneMatch(r -> r.path("method").asString().startsWith("fs/")),
                "the editor is never asked to load the huge file");
        assertEquals(SIZE, Files.size(attack.ws.resolve("big.log")), "the file is untouched");
        return attack;
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void editingIsRefusedBeforeReading(HostileWorkspace.Fs files) throws Exception {
        try (HostileWorkspace attack = open(files, "acceptEdits", "edit_file",
                Json.object().put("path", "big.log").put("old_string", "alpha").put("new_string", "omega"))) {
            assertTrue(attack.resultForModel("h1").contains("more than the 4.0 MB read whole"), attack.resultForModel("h1"));
            attack.assertStillWorks();
        }
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void theWritePreviewDoesNotLoadIt(HostileWorkspace.Fs files) throws Exception {
        try (HostileWorkspace attack = open(files, null, "write_file", Json.object().put("path", "big.log").put("content", "tiny"))) {
            String preview = attack.announcement("h1").path("content").toString();
            assertTrue(preview.contains("read whole"), preview);
            assertTrue(attack.resultForModel("h1").contains("read whole"), attack.resultForModel("h1"));
            attack.assertStillWorks();
        }
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void aWindowIsReadInBoundedMemory(HostileWorkspace.Fs files) throws Exception {
        try (HostileWorkspace attack = open(files, null, "read_file", Json.object().put("path", "big.log").put("offset", 2).put("limit", 2))) {
            String result = attack.resultForModel("h1");
            assertTrue(result.startsWith("     2\tbravo\n     3\tcharlie\n"), result);
            attack.assertStillWorks();
        }
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void aLineFarIntoItIsRefusedAfterABoundedScan(HostileWorkspace.Fs files) throws Exception {
        try (HostileWorkspace attack = open(files, null, "read_file", Json.object().put("path", "big.log").put("offset", 1_000_000))) {
            assertTrue(attack.resultForModel("h1").contains("lies beyond the first 256 MB"), attack.resultForModel("h1"));
            attack.assertStillWorks();
        }
    }
}
