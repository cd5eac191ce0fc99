package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Tether's state directory (transcripts, audit logs, artifacts, ledgers) lies inside the
 * workspace, as it does when the user works in their home directory. A model must not read
 * other sessions' transcripts through the tools, list or search them, reach them through a
 * link, or rewrite them.
 */
class PrivateStateDirAttackTest {
    private static final String SECRET = "PLUGH-4242";

    @TempDir
    Path dir;

    /** Runs one hostile tool call after a first prompt has put {@link #SECRET} into the transcript. */
    private String attack(java.util.function.Function<String, JsonNode> input, String tool, HostileWorkspace.Fs files) throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("noted"));
        Path base = Files.createTempDirectory(dir, "attack");
        Path ws = base.resolve("ws");
        try (HostileWorkspace attack = new HostileWorkspace(base, ws.resolve(".tether-state"), model, files, "acceptEdits")) {
            assertEquals("end_turn", attack.prompt("remember: the launch code is " + SECRET));
            Path transcript = ws.resolve(".tether-state/sessions/" + attack.session + ".jsonl");
            assertTrue(Files.readString(transcript).contains(SECRET), "the transcript holds the secret");
            Files.createSymbolicLink(ws.resolve("notes"), Path.of(".tether-state/sessions"));
            String before = Files.readString(transcript);

            model.then(QueueModel.Reply.tools(use("p1", tool, input.apply(attack.session)))).then(QueueModel.Reply.text("done"));
            assertEquals("end_turn", attack.prompt("go"));

            String result = attack.resultForModel("p1");
            assertFalse(result.contains(SECRET), result);
            assertTrue(Files.readString(transcript).startsWith(before), "the transcript was not rewritten");
            attack.assertStillWorks();
            return result;
        }
    }

    @Test
    void anotherTranscriptCannotBeRead() throws Exception {
        String result = attack(id -> Json.object().put("path", ".tether-state/sessions/" + id + ".jsonl"), "read_file", HostileWorkspace.Fs.EDITOR);
        assertTrue(result.contains("private state directory"), result);
    }

    @Test
    void aLinkIntoTheStateDirectoryLeadsNowhere() throws Exception {
        String result = attack(id -> Json.object().put("path", "notes/" + id + ".jsonl"), "read_file", HostileWorkspace.Fs.LOCAL);
        assertTrue(result.contains("private state directory"), result);
    }

    @Test
    void aTranscriptCannotBeRewritten() throws Exception {
        String result = attack(id -> Json.object().put("path", ".tether-state/sessions/" + id + ".jsonl").put("content", "{}"),
                "write_file", HostileWorkspace.Fs.LOCAL);
        assertTrue(result.contains("private state directory"), result);
    }

    @Test
    void listingDoesNotShowOrEnterIt() throws Exception {
        String all = attack(id -> Json.object().put("pattern", "**/*"), "list_files", HostileWorkspace.Fs.LOCAL);
        assertFalse(all.contains("jsonl") || all.contains(".tether-state"), all);
        // The test agent keeps only its sessions directory private; a real one its whole state directory.
        String parent = attack(id -> Json.object().put("path", ".tether-state"), "list_files", HostileWorkspace.Fs.LOCAL);
        assertFalse(parent.contains("sessions"), parent);
        String inside = attack(id -> Json.object().put("path", ".tether-state/sessions"), "list_files", HostileWorkspace.Fs.LOCAL);
        assertTrue(inside.contains("private state directory"), inside);
    }

    @Test
    void searchDoesNotEnterIt() throws Exception {
        String result = attack(id -> Json.object().put("pattern", "PLUGH-\\d+"), "search", HostileWorkspace.Fs.LOCAL);
        assertTrue(result.startsWith("No matches"), result);
        assertFalse(result.contains(".tether-state"), result);
        String direct = attack(id -> Json.object().put("pattern", "PLUGH").put("path", ".tether-state/sessions"), "search", HostileWorkspace.Fs.LOCAL);
        assertTrue(direct.contains("private state directory"), direct);
    }
}
