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
import tools.jackson.databind.JsonNode;

/**
 * Ways out of the workspace that a hostile repository or model can try: a link to a directory
 * outside, a link to a file outside, a link as a parent directory of a new file, {@code ..} and
 * absolute paths. None may read or write outside; the session keeps working.
 */
class SymlinkEscapeAttackTest {
    @TempDir
    Path dir;

    private void refused(HostileWorkspace.Fs files, String tool, JsonNode input, String expected) throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("x1", tool, input))).then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, files, "acceptEdits")) {
            Files.writeString(attack.outside.resolve("secret.txt"), "TOP-SECRET-VALUE\n");
            Files.createSymbolicLink(attack.ws.resolve("out"), Path.of("../outside"));
            Files.createSymbolicLink(attack.ws.resolve("leak.txt"), Path.of("../outside/secret.txt"));

            assertEquals("end_turn", attack.prompt("go"));

            String result = attack.resultForModel("x1");
            assertTrue(result.contains(expected), result);
            assertFalse(result.contains("TOP-SECRET-VALUE"));
            assertFalse(attack.client.updates(attack.session).toString().contains("TOP-SECRET-VALUE"));
            assertEquals("failed", attack.lastUpdate("x1").path("status").asString());
            try (var left = Files.list(attack.outside)) {
                assertEquals(1, left.count(), "nothing new outside the workspace");
            }
            assertEquals("TOP-SECRET-VALUE\n", Files.readString(attack.outside.resolve("secret.txt")));
            assertTrue(attack.client.agentRequests().stream().noneMatch(r -> r.path("method").asString().startsWith("fs/")),
                    "no fs request for a path outside reaches the editor");
            attack.assertStillWorks();
        }
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void aLinkToADirectoryOutsideIsNotRead(HostileWorkspace.Fs files) throws Exception {
        refused(files, "read_file", Json.object().put("path", "out/secret.txt"), "outside the workspace");
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void aLinkToAFileOutsideIsNotRead(HostileWorkspace.Fs files) throws Exception {
        refused(files, "read_file", Json.object().put("path", "leak.txt"), "outside the workspace");
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void aLinkToAFileOutsideIsNotOverwritten(HostileWorkspace.Fs files) throws Exception {
        refused(files, "write_file", Json.object().put("path", "leak.txt").put("content", "x"), "outside the workspace");
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void aLinkedParentDirectoryGetsNoNewFile(HostileWorkspace.Fs files) throws Exception {
        refused(files, "write_file", Json.object().put("path", "out/sub/new.txt").put("content", "x"), "outside the workspace");
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void dotDotLeadsNowhere(HostileWorkspace.Fs files) throws Exception {
        refused(files, "edit_file", Json.object().put("path", "sub/../../outside/secret.txt")
                .put("old_string", "TOP").put("new_string", "OWNED"), "outside the workspace");
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void anAbsolutePathOutsideIsRefused(HostileWorkspace.Fs files) throws Exception {
        refused(files, "read_file", Json.object().put("path", dir.resolve("outside/secret.txt").toString()), "outside the workspace");
    }

    @ParameterizedTest
    @EnumSource(HostileWorkspace.Fs.class)
    void searchDoesNotFollowALinkOut(HostileWorkspace.Fs files) throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("s1", "search", Json.object().put("pattern", "TOP-SECRET"))))
                .then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, files, null)) {
            Files.writeString(attack.outside.resolve("secret.txt"), "TOP-SECRET-VALUE\n");
            Files.createSymbolicLink(attack.ws.resolve("out"), Path.of("../outside"));
            Files.createSymbolicLink(attack.ws.resolve("leak.txt"), Path.of("../outside/secret.txt"));
            assertEquals("end_turn", attack.prompt("go"));
            assertTrue(attack.resultForModel("s1").startsWith("No matches"), attack.resultForModel("s1"));
            attack.assertStillWorks();
        }
    }
}
