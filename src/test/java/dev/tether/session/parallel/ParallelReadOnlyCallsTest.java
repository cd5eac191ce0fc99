package dev.tether.session.parallel;

import static dev.tether.testing.model.QueueModel.use;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read-only calls of one model step run at the same time, and their results go back to the model
 * in the model's order whatever order they finish in.
 */
class ParallelReadOnlyCallsTest {
    /** Long enough never to pass for calls that do run together; it only keeps a broken build from hanging. */
    private static final long GIVE_UP_SECONDS = 20;

    @TempDir
    Path dir;

    @Test
    void readOnlyCallsMeetAtABarrierOnlyConcurrentCallsCanReach() throws Exception {
        CyclicBarrier both = new CyclicBarrier(2);
        List<String> log = Probe.newLog();
        Probe.Body meet = context -> {
            try {
                both.await(GIVE_UP_SECONDS, TimeUnit.SECONDS);
                return "met";
            } catch (TimeoutException e) {
                return "ran alone";
            }
        };
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("a", "probe_a", Json.object()), use("b", "probe_b", Json.object())))
                .then(QueueModel.Reply.text("done"));
        List<Part> results = run(model, List.of(Probe.reading("probe_a", log, meet), Probe.reading("probe_b", log, meet)));
        assertEquals(List.of(result("a", "met"), result("b", "met")), results);
    }

    @Test
    void resultsGoBackInTheModelsOrderWhenTheFirstCallFinishesLast() throws Exception {
        CountDownLatch secondDone = new CountDownLatch(1);
        List<String> log = Probe.newLog();
        QueueModel model = new QueueModel()
                .then(QueueModel.Reply.tools(use("slow", "probe_slow", Json.object()), use("quick", "probe_quick", Json.object())))
                .then(QueueModel.Reply.text("done"));
        List<Part> results = run(model, List.of(
                // The quick call counts down in its body and logs its end just after: wait for that end too,
                // so that "the first call finished last" holds by construction, not by the scheduler's grace.
                Probe.reading("probe_slow", log, context -> {
                    if (!secondDone.await(GIVE_UP_SECONDS, TimeUnit.SECONDS)) {
                        return "slow, alone";
                    }
                    Waits.eventually(Duration.ofSeconds(GIVE_UP_SECONDS), () -> log.contains("probe_quick:end"), "the quick call's end");
                    return "slow, after quick";
                }),
                Probe.reading("probe_quick", log, context -> {
                    secondDone.countDown();
                    return "quick";
                })));
        assertEquals(List.of(result("slow", "slow, after quick"), result("quick", "quick")), results);
        assertEquals("probe_slow:end", log.getLast(), "the first call did finish last");
    }

    private List<Part> run(QueueModel model, List<dev.tether.tools.Tool> tools) {
        try (InProcessAgent agent = new InProcessAgent(dir, model, InProcessAgent.serving(tools))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "probe")).path("result").path("stopReason").asString());
            assertEquals(List.of(), client.agentRequests().stream()
                    .filter(r -> r.path("method").asString().equals("session/request_permission")).toList(), "reads are not asked about");
            assertEquals(List.of(), client.violations());
            List<ModelMessage> messages = model.requests().getLast().messages();
            return messages.getLast().parts();
        }
    }

    static Part result(String id, String text) {
        return new Part.ToolResult(id, List.of(new Part.Text(text)), false);
    }
}
