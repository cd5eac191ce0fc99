package dev.tether.acp;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** What the model reads when a permission request is rejected or cannot be asked; the turn goes on. */
class PermissionOutcomesTest {
    @TempDir
    Path dir;

    private Part.ToolResult runWithEditor(Function<JsonNode, JsonNode> editor) throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("w1", "write_file", Json.object().put("path", "out.txt").put("content", "x"))))
                .then(QueueModel.Reply.text("ok"));
        Path work = Files.createDirectories(dir.resolve("work"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.onRequest(editor);
            client.initialize();
            String session = client.newSession(work.toString(), null);
            JsonNode response = AcpTestClient.await(client.prompt(session, "write it"));
            assertEquals("end_turn", response.path("result").path("stopReason").asString());
            assertFalse(Files.exists(work.resolve("out.txt")), "the tool must not run");
            assertEquals("failed", client.updates(session, "tool_call_update").getLast().path("status").asString());
            assertEquals(List.of(), client.violations());
            List<Part> second = model.requests().get(1).messages().getLast().parts();
            return (Part.ToolResult) second.getFirst();
        }
    }

    @Test
    void aRejectionIsAToolResultTheModelReads() throws Exception {
        Part.ToolResult result = runWithEditor(request -> Json.parse("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"reject_once\"}}"));
        assertTrue(result.isError());
        assertEquals(List.of(new Part.Text("The user rejected this tool call.")), result.content());
    }

    @Test
    void anEditorErrorOnThePermissionRequestRunsNothingAndTheTurnGoesOn() throws Exception {
        Part.ToolResult result = runWithEditor(request -> {
            throw new IllegalStateException("editor exploded");
        });
        assertTrue(result.isError());
        assertTrue(result.content().toString().contains("could not ask the user"), result.content().toString());
    }
}
