package dev.tether.faults;

import static dev.tether.testing.model.QueueModel.use;

import dev.tether.json.Json;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.mcp.TaskMcpServer;
import dev.tether.testing.model.QueueModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The user cancels while a tool runs as an MCP task and Tether waits for it in the foreground:
 * the prompt ends {@code cancelled}, the server hears {@code tasks/cancel} for its task, and the
 * session goes on (the shared {@link FaultChecks}).
 */
class TaskFaultTest {
    private static final String CONFIG = "{\"mcp\": {\"connectTimeoutSeconds\": 20},"
            + " \"mcpServers\": {\"tasks\": {\"tasks\": true}}}";
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path state;

    @Test
    void cancelDuringATaskWait() {
        Path record = state.resolve("task-server.log");
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("t1", "mcp__tasks__job", Json.object().put("ms", 600_000))));
        try (FaultSession s = FaultSession.start(state, model, CONFIG, tag -> taskServer(record, tag))) {
            CompletableFuture<JsonNode> turn = s.send("run the long job");
            Waits.eventually(WAIT, () -> received(record).contains("tools/call"), "the task to be created");
            s.client.cancel(s.session);
            String stop = AcpTestClient.await(turn).path("result").path("stopReason").asString();
            try {
                Waits.eventually(WAIT, () -> received(record).stream().anyMatch(l -> l.startsWith("tasks/cancel ")),
                        "tasks/cancel to reach the server");
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; stop=" + stop + "; server saw " + received(record)
                        + "; tool call " + s.toolCall("t1"), e);
            }
            FaultChecks.afterFault(s, stop, "cancelled", s.toolCall("t1").shown(), "tasks", "job");
        }
    }

    private static ArrayNode taskServer(Path record, String tag) {
        var spec = McpTestSupport.javaServer("tasks", TaskMcpServer.class, Map.of(), "--record", record.toString(), "--tag", tag);
        ObjectNode entry = Json.object().put("name", "tasks").put("command", spec.command());
        ArrayNode args = entry.putArray("args");
        spec.args().forEach(args::add);
        entry.putArray("env");
        return FaultSession.servers(entry);
    }

    private static List<String> received(Path record) {
        try {
            return Files.exists(record) ? Files.readAllLines(record) : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }
}
