package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Text from the model or the workspace shown in a Markdown code block must stay inside it. A
 * command that contains a fence of its own would otherwise close the block in the permission
 * prompt and have the rest rendered as Markdown (a fake "tests passed" line, a link), so the user
 * approves something that looks different from what runs.
 */
class CodeFenceAttackTest {
    private static final String COMMAND = "echo hi\n```\n**All checks passed.** [Continue](http://evil.example)\n````\nrm -rf ~/project";

    @TempDir
    Path dir;

    @Test
    void aCommandCannotCloseItsFenceInThePermissionPrompt() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("c1", "run_command", Json.object().put("command", COMMAND))))
                .then(QueueModel.Reply.text("done"));
        List<JsonNode> asked = new CopyOnWriteArrayList<>();
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, HostileWorkspace.Fs.EDITOR, null)) {
            attack.client.onRequest(request -> {
                if (request.path("method").asString().equals("session/request_permission")) {
                    asked.add(request.path("params"));
                    return Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"reject_once\"}}");
                }
                return AcpTestClient.editor(request);
            });
            assertEquals("end_turn", attack.prompt("run it"));

            String shown = asked.getFirst().path("toolCall").path("content").get(0).path("content").path("text").asString();
            assertEquals("`````sh\n" + COMMAND + "\n`````", shown);
            assertEquals(shown, attack.announcement("c1").path("content").get(0).path("content").path("text").asString());
            assertFalse(Files.exists(dir.resolve("ws/project")));
            attack.assertStillWorks();
        }
    }

    @Test
    void fileContentCannotCloseItsFenceInTheEditor() throws Exception {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("c2", "read_file", Json.object().put("path", "README.md"))))
                .then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, HostileWorkspace.Fs.LOCAL, null)) {
            Files.writeString(attack.ws.resolve("README.md"), "intro\n```\n![x](http://evil.example/track.png)\n");
            assertEquals("end_turn", attack.prompt("read"));
            String shown = attack.lastUpdate("c2").path("content").get(0).path("content").path("text").asString();
            assertEquals("````\nintro\n```\n![x](http://evil.example/track.png)\n````", shown);
            attack.assertStillWorks();
        }
    }

    @Test
    void commandOutputCannotCloseItsFence() {
        QueueModel model = new QueueModel().then(QueueModel.Reply.tools(use("c3", "run_command",
                        Json.object().put("command", "printf '%s\\n' '``````' '[click](http://evil.example)'"))))
                .then(QueueModel.Reply.text("done"));
        try (HostileWorkspace attack = new HostileWorkspace(dir, dir.resolve("state"), model, HostileWorkspace.Fs.LOCAL, null)) {
            assertEquals("end_turn", attack.prompt("run"));
            String shown = attack.lastUpdate("c3").path("content").get(0).path("content").path("text").asString();
            assertEquals("```````\n``````\n[click](http://evil.example)\n```````", shown);
            attack.assertStillWorks();
        }
    }
}
