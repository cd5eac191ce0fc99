package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * A hostile repository contains a FIFO (opening it blocks until someone writes, and nothing can
 * cancel a blocked open) or a link to a device that never ends. Tools refuse anything but a
 * regular file before opening it, in either file access mode, and search passes over them.
 */
class SpecialFileAttackTest {
    @TempDir
    Path dir;

    private static void mkfifo(Path path) throws Exception {
        Process process = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertTrue(process.waitFor(10, TimeUnit.SECONDS) && process.exitValue() == 0, "mkfifo");
    }

    private String attack(HostileWorkspace.Fs files, String tool, JsonNode input) throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("f1", tool, input))).then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, files, "acceptEdits")) {
            mkfifo(attack.ws.resolve("pipe"));
            Files.createSymbolicLink(attack.ws.resolve("pipe-link"), Path.of("pipe"));
            Files.createSymbolicLink(attack.ws.resolve("zero"), Path.of("/dev/zero"));
            Files.writeString(attack.ws.resolve("plain.txt"), "needle in a plain file\n");

            // The await bounds the prompt: a blocked open would never answer.
            assertEquals("end_turn", attack.prompt("go"));
            String result = attack.resultForModel("f1");
            assertTrue(attack.client.agentRequests().stream().noneMatch(r -> r.path("method").asString().startsWith("fs/")),
                    "no fs request for a special file reaches the editor");
            attack.assertStillWorks();
            return result;
        }
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void readingAFifoIsRefusedAtOnce(HostileWorkspace.Fs files) throws Exception {
        String result = attack(files, "read_file", Json.object().put("path", "pipe"));
        assertTrue(result.contains("not a regular file"), result);
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void readingAFifoThroughALinkIsRefused(HostileWorkspace.Fs files) throws Exception {
        String result = attack(files, "read_file", Json.object().put("path", "pipe-link"));
        assertTrue(result.contains("not a regular file"), result);
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void writingAFifoIsRefused(HostileWorkspace.Fs files) throws Exception {
        String result = attack(files, "write_file", Json.object().put("path", "pipe").put("content", "x"));
        assertTrue(result.contains("not a regular file"), result);
    }

    @Test
    void searchingAFifoIsRefused() throws Exception {
        String result = attack(HostileWorkspace.Fs.LOCAL, "search", Json.object().put("pattern", "needle").put("path", "pipe"));
        assertTrue(result.contains("not a regular file"), result);
    }

    @Test
    void searchWalksPastAFifo() throws Exception {
        String result = attack(HostileWorkspace.Fs.LOCAL, "search", Json.object().put("pattern", "needle"));
        assertEquals("plain.txt:1: needle in a plain file", result);
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void aLinkToADeviceIsNotRead(HostileWorkspace.Fs files) throws Exception {
        String result = attack(files, "read_file", Json.object().put("path", "zero"));
        assertTrue(result.contains("outside the workspace"), result);
    }
}
