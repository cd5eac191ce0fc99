package dev.tether.acp;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;

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

/** A tool call names the tool as the model called it ({@code name} on tool_call and on its last update). */
class ToolCallNameTest {
    @TempDir
    Path dir;

    @Test
    void theToolCallCarriesTheToolsProgrammaticName() throws Exception {
        Path ws = Files.createDirectories(dir.resolve("ws"));
        Files.writeString(ws.resolve("notes.txt"), "remember the milk\n");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("r1", "read_file", Json.object().put("path", "notes.txt"))))
                .then(QueueModel.Reply.text("done"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(ws.toString(), null);
            AcpTestClient.await(client.prompt(session, "read my notes"));
            List<JsonNode> calls = client.updates(session, "tool_call");
            assertEquals(1, calls.size(), calls.toString());
            assertEquals("read_file", calls.getFirst().path("name").asString());
            List<JsonNode> updates = client.updates(session, "tool_call_update");
            JsonNode last = updates.getLast();
            assertEquals("completed", last.path("status").asString(), updates.toString());
            assertEquals("read_file", last.path("name").asString(), last.toString());
            assertEquals(List.of(), client.violations());
        }
    }
}
