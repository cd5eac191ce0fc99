package dev.tether.session.parallel;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cancelling a turn while read-only calls run side by side stops all of them; every call of the
 * step gets a result saying it was cancelled or not run, so the next request pairs.
 */
class CancelDuringParallelCallsTest {
    @TempDir
    Path dir;

    @Test
    void cancelStopsEveryRunningCallAndAnswersEveryCall() throws Exception {
        CountDownLatch bothRunning = new CountDownLatch(2);
        List<String> log = Probe.newLog();
        Probe.Body block = context -> {
            bothRunning.countDown();
            context.cancellation().sleep(Duration.ofMinutes(5));
            return "finished";
        };
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("a", "wait_a", Json.object()), use("b", "wait_b", Json.object()),
                        use("w", "write", Json.object())))
                .then(QueueModel.Reply.text("after"));
        List<dev.tether.tools.Tool> tools = List.of(Probe.reading("wait_a", log, block), Probe.reading("wait_b", log, block),
                Probe.writing("write", log, context -> "written"));
        try (InProcessAgent agent = new InProcessAgent(dir, model, InProcessAgent.serving(tools))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            var turn = client.prompt(session, "probe");
            assertEquals(true, bothRunning.await(20, TimeUnit.SECONDS), "both calls run at once");
            client.cancel(session);
            assertEquals("cancelled", AcpTestClient.await(turn).path("result").path("stopReason").asString());
            for (String id : List.of("a", "b")) {
                List<String> statuses = client.updates(session).stream().filter(u -> u.path("toolCallId").asString().equals(id))
                        .map(u -> u.path("status").asString("")).filter(s -> !s.isEmpty()).toList();
                assertEquals("failed", statuses.getLast(), id + " " + statuses);
            }
            assertEquals(-1, log.indexOf("write:start"), "no call after the cancelled ones runs");

            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "again")).path("result").path("stopReason").asString());
            List<Part> results = model.requests().getLast().messages().stream()
                    .flatMap(m -> m.parts().stream()).filter(Part.ToolResult.class::isInstance).toList();
            assertEquals(List.of(
                    new Part.ToolResult("a", List.of(new Part.Text("Cancelled by the user.")), true),
                    new Part.ToolResult("b", List.of(new Part.Text("Cancelled by the user.")), true),
                    new Part.ToolResult("w", List.of(new Part.Text("Not run: the user cancelled the turn.")), true)), results);
            assertEquals(List.of(), client.violations());
        }
    }
}
