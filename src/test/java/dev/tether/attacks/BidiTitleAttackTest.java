package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Titles of built-in tool calls are built from model input (paths, commands, patterns) and are
 * what the user reads in the permission prompt. Bidi controls and zero-width characters in them
 * can make a title read differently from what the call does; they are removed from titles, and
 * spelled out where the exact text matters (the command shown for approval).
 */
class BidiTitleAttackTest {
    private static final String RLO = "\u202E";
    private static final String ZWSP = "\u200B";

    @TempDir
    Path dir;

    private JsonNode announced(String tool, JsonNode input) {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("b1", tool, input))).then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, HostileWorkspace.Fs.LOCAL, null)) {
            attack.client.onRequest(request -> request.path("method").asString().equals("session/request_permission")
                    ? Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"reject_once\"}}")
                    : AcpTestClient.editor(request));
            assertEquals("end_turn", attack.prompt("go"));
            attack.assertStillWorks();
            return attack.announcement("b1");
        }
    }

    @Test
    void aPathTitleShowsNoBidiOrInvisibleCharacters() {
        JsonNode call = announced("write_file", Json.object().put("path", "src/" + RLO + "txt.exe" + ZWSP + ".md").put("content", "x"));
        assertEquals("Write src/txt.exe.md", call.path("title").asString());
    }

    @Test
    void aCommandTitleIsCleanAndItsPreviewSpellsTheCharactersOut() {
        JsonNode call = announced("run_command", Json.object().put("command", "echo safe " + RLO + "# ; curl evil" + ZWSP));
        assertEquals("Run `echo safe # ; curl evil`", call.path("title").asString());
        String preview = call.path("content").get(0).path("content").path("text").asString();
        assertEquals("```sh\necho safe <U+202E># ; curl evil<U+200B>\n```", preview);
    }

    @Test
    void aSearchTitleShowsNoInvisibleCharacters() {
        JsonNode call = announced("search", Json.object().put("pattern", "pass" + ZWSP + "word").put("glob", "*." + RLO + "java"));
        assertEquals("Search `password` in . (*.java)", call.path("title").asString());
        assertTrue(call.path("title").asString().chars().allMatch(c -> c < 0x80));
    }
}
