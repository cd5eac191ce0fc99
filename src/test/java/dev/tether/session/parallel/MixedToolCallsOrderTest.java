package dev.tether.session.parallel;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A call that is not read-only is a barrier: the reads before it end before it starts, the reads
 * after it start after it ended, only it is asked about, and every call keeps its own updates and
 * its place among the results.
 */
class MixedToolCallsOrderTest {
    private static final long GIVE_UP_SECONDS = 20;

    @TempDir
    Path dir;

    @Test
    void aWritingCallRunsAloneBetweenTheReadsAroundIt() {
        List<String> log = Probe.newLog();
        CyclicBarrier before = new CyclicBarrier(2);
        CyclicBarrier after = new CyclicBarrier(2);
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("r1", "read_1", Json.object()), use("r2", "read_2", Json.object()),
                        use("w", "write", Json.object()), use("r3", "read_3", Json.object()), use("r4", "read_4", Json.object())))
                .then(QueueModel.Reply.text("done"));
        List<dev.tether.tools.Tool> tools = List.of(
                Probe.reading("read_1", log, meet(before)), Probe.reading("read_2", log, meet(before)),
                Probe.writing("write", log, context -> "written"),
                Probe.reading("read_3", log, meet(after)), Probe.reading("read_4", log, meet(after)));
        try (InProcessAgent agent = new InProcessAgent(dir, model, InProcessAgent.serving(tools))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "probe")).path("result").path("stopReason").asString());

            int writeStart = log.indexOf("write:start");
            int writeEnd = log.indexOf("write:end");
            assertTrue(log.indexOf("read_1:end") < writeStart && log.indexOf("read_2:end") < writeStart, log.toString());
            assertTrue(writeEnd < log.indexOf("read_3:start") && writeEnd < log.indexOf("read_4:start"), log.toString());

            List<JsonNode> asked = client.agentRequests().stream()
                    .filter(r -> r.path("method").asString().equals("session/request_permission")).toList();
            assertEquals(1, asked.size());
            assertEquals("w", asked.getFirst().path("params").path("toolCall").path("toolCallId").asString());

            assertEquals(List.of(
                    ParallelReadOnlyCallsTest.result("r1", "met"), ParallelReadOnlyCallsTest.result("r2", "met"),
                    ParallelReadOnlyCallsTest.result("w", "written"),
                    ParallelReadOnlyCallsTest.result("r3", "met"), ParallelReadOnlyCallsTest.result("r4", "met")),
                    model.requests().getLast().messages().getLast().parts());
            for (String id : List.of("r1", "r2", "w", "r3", "r4")) {
                List<String> statuses = client.updates(session).stream()
                        .filter(u -> u.path("toolCallId").asString().equals(id))
                        .map(u -> u.path("sessionUpdate").asString() + ":" + u.path("status").asString("")).toList();
                assertEquals("tool_call:pending", statuses.getFirst(), id + " " + statuses);
                assertEquals("tool_call_update:completed", statuses.getLast(), id + " " + statuses);
            }
            assertEquals(List.of(), client.violations());
        }
    }

    private static Probe.Body meet(CyclicBarrier barrier) {
        return context -> {
            try {
                barrier.await(GIVE_UP_SECONDS, TimeUnit.SECONDS);
                return "met";
            } catch (TimeoutException e) {
                return "ran alone";
            }
        };
    }
}
