package dev.tether.acp;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A call of a tool that exists but is not offered in the session's mode (write_file in readOnly)
 * is shown as that tool's call, titled and kinded as always, and fails saying why; a tool that does
 * not exist is still "Unknown tool".
 */
class NotOfferedToolCallTest {
    @TempDir
    Path dir;

    @Test
    void aWriteInReadOnlyModeIsAnnouncedAsAWriteAndFails() throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("w1", "write_file", Json.object().put("path", "a.txt").put("content", "one")),
                        use("n1", "no_such_tool", Json.object())))
                .then(QueueModel.Reply.text("done"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            Path work = Files.createDirectories(dir.resolve("work"));
            String session = client.newSession(work.toString(), null);
            client.request("session/set_mode", Json.object().put("sessionId", session).put("modeId", "readOnly"));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "write it")).path("result").path("stopReason").asString());

            List<JsonNode> calls = client.updates(session, "tool_call");
            assertEquals(2, calls.size(), calls.toString());
            JsonNode write = calls.get(0);
            assertEquals(List.of("Write a.txt", "edit"), List.of(write.path("title").asString(), write.path("kind").asString()), write.toString());
            assertEquals(work.resolve("a.txt").toString(), write.path("locations").path(0).path("path").asString());
            JsonNode unknown = calls.get(1);
            assertEquals(List.of("Unknown tool no_such_tool", "other"),
                    List.of(unknown.path("title").asString(), unknown.path("kind").asString()));
            JsonNode writeEnd = client.updates(session, "tool_call_update").stream()
                    .filter(u -> u.path("toolCallId").asString().equals(write.path("toolCallId").asString()))
                    .filter(u -> u.has("status")).toList().getLast();
            assertEquals("failed", writeEnd.path("status").asString());
            assertTrue(writeEnd.toString().contains("not allowed in readOnly mode"), writeEnd.toString());
            assertFalse(Files.exists(work.resolve("a.txt")));
            assertEquals(List.of(), client.violations());
        }
    }
}
