package dev.tether.attacks;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.Waits;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A hostile HTTP MCP server answers a tool call with a body that never ends: a "1 GB" JSON
 * answer, a "1 GB" SSE event of many data lines, and an SSE line without end. With a 1 MB
 * message cap the call fails readably after about a megabyte was read, the server sees the
 * client stop reading, and the next call to the same server works.
 */
class OversizeHttpAnswerAttackTest {
    private static final int CAP = 1024 * 1024;
    /** Read by the client, plus what loopback socket buffers hold: still far from the gigabyte on offer. */
    private static final long NEAR_THE_CAP = 64L * 1024 * 1024;

    @TempDir
    Path state;

    @ParameterizedTest
    @ValueSource(strings = {"flood_json", "flood_sse_event", "endless_sse_line"})
    void aFloodFailsTheCallNearTheCapAndTheNextCallWorks(String tool) throws Exception {
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("flood", "mcp__hostile__" + tool, Json.object())))
                .then(QueueModel.Reply.text("that failed"))
                .then(QueueModel.Reply.tools(use("again", "mcp__hostile__echo", Json.object())))
                .then(QueueModel.Reply.text("done"));
        try (HostileHttpMcpServer server = new HostileHttpMcpServer();
             McpAttackSession attack = new McpAttackSession(state, model,
                     List.of(new McpServerSpec.Http("hostile", server.url(), Map.of())), Map.of("hostile", McpServerPolicy.DEFAULT),
                     McpConnectionSettings.DEFAULT.withMaxLineBytes(CAP))) {
            assertEquals("end_turn", attack.prompt("call the flood"));
            String failed = attack.toolResult("flood");
            assertTrue(failed != null && failed.contains("larger than the 1.0 MB message limit"), String.valueOf(failed));

            Waits.eventually(Duration.ofSeconds(20), () -> server.finished(tool), "the flood stops once the client stops reading");
            long written = server.written(tool);
            assertTrue(written > CAP && written < NEAR_THE_CAP, "the client gave up near the cap, after " + written + " bytes");

            assertEquals("end_turn", attack.prompt("try again"));
            assertEquals("still here", attack.toolResult("again"));
        }
    }
}
