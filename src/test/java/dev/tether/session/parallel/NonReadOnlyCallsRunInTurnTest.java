package dev.tether.session.parallel;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Server tools not trusted as read-only run one at a time in the model's order, even in
 * {@code auto} mode where nobody is asked: whatever a server says about them, only the user's
 * trust makes a call safe to run beside another.
 */
class NonReadOnlyCallsRunInTurnTest {
    /** How long x waits for y; calls that do overlap meet well within it. */
    private static final long WAIT_SECONDS = 2;

    @TempDir
    Path dir;

    @Test
    void untrustedCallsNeverOverlap() {
        List<String> log = Probe.newLog();
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("x", "tool_x", Json.object()), use("y", "tool_y", Json.object()),
                        use("z", "tool_z", Json.object())))
                .then(QueueModel.Reply.text("done"));
        CountDownLatch yStarted = new CountDownLatch(1);
        // Run one at a time, x waits in vain for y; run side by side, y would start while x waits.
        List<dev.tether.tools.Tool> tools = List.of(
                Probe.writing("tool_x", log, c -> yStarted.await(WAIT_SECONDS, TimeUnit.SECONDS) ? "x saw y running" : "x ran alone"),
                Probe.writing("tool_y", log, c -> {
                    yStarted.countDown();
                    return "y";
                }),
                Probe.writing("tool_z", log, c -> "z"));
        try (InProcessAgent agent = new InProcessAgent(dir, model, InProcessAgent.serving(tools))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            client.request("session/set_mode", Map.of("sessionId", session, "modeId", "auto"));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "go")).path("result").path("stopReason").asString());
            assertEquals(List.of("tool_x:start", "tool_x:end", "tool_y:start", "tool_y:end", "tool_z:start", "tool_z:end"), log);
            assertEquals("x ran alone", ((Part.Text) ((Part.ToolResult) model.requests().getLast().messages().getLast().parts().getFirst())
                    .content().getFirst()).text());
            assertEquals(List.of(), client.violations());
        }
    }
}
