package dev.tether.agent.subagent;

import dev.tether.json.Json;
import dev.tether.model.ModelRequest;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * Figures for {@code scripts/bench} (prints, never fails): a subagent's start cost — from the
 * parent's model handing out the {@code agent} call to the subagent's first model request — and the
 * time from {@code session/cancel} to the prompt's answer while two subagents wait in MCP calls.
 * In one JVM, the scripted model and an in-process tool: the agent's own overhead only.
 */
public final class SubagentBench {
    private SubagentBench() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        Path dir = Files.createTempDirectory("tether-subagent-bench");
        try {
            startCost(dir.resolve("start"), rounds);
            cancelTime(dir.resolve("cancel"), rounds);
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(Collections.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static void startCost(Path dir, int rounds) throws Exception {
        AtomicLong handedOut = new AtomicLong();
        List<Long> costs = Collections.synchronizedList(new ArrayList<>());
        Function<ModelRequest, QueueModel.Reply> router = request -> {
            if (!SubagentsTest.isChild(request)) {
                if (request.messages().getLast().parts().stream().anyMatch(dev.tether.model.Part.ToolResult.class::isInstance)) {
                    return QueueModel.Reply.text("done");
                }
                handedOut.set(System.nanoTime());
                return QueueModel.Reply.tools(QueueModel.use("a", "agent", SubagentsTest.task("A", null)));
            }
            if (request.messages().size() == 1) {
                costs.add(System.nanoTime() - handedOut.get());
            }
            return QueueModel.Reply.text("answer");
        };
        QueueModel model = new QueueModel();
        for (int i = 0; i < rounds * 3 + 3; i++) {
            model.thenAnswer(router);
        }
        Path work = Files.createDirectories(dir.resolve("work"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.request("initialize", SubagentsTest.SUBAGENTS_INITIALIZE);
            String session = client.newSession(work.toString(), null);
            for (int i = 0; i < rounds + 1; i++) {
                AcpTestClient.await(client.prompt(session, "go"));
            }
        }
        List<Long> measured = new ArrayList<>(costs.subList(1, costs.size())); // the first one warms the JVM up
        System.out.printf("subagent start (agent call handed out -> its first model request), %d runs: median %.1f ms, p90 %.1f ms%n",
                measured.size(), percentile(measured, 50), percentile(measured, 90));
    }

    private static void cancelTime(Path dir, int rounds) throws Exception {
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < Math.max(3, rounds / 4) + 1; i++) {
            SubagentsTest.Probe probe = new SubagentsTest.Probe(true);
            QueueModel model = SubagentsTest.model(SubagentsTest.router("probe", null), 6);
            Path work = Files.createDirectories(dir.resolve("work" + i));
            try (InProcessAgent agent = new InProcessAgent(dir.resolve("state" + i), model, InProcessAgent.serving(List.of(probe)))) {
                AcpTestClient client = agent.client();
                client.request("initialize", SubagentsTest.SUBAGENTS_INITIALIZE);
                String session = client.newSession(work.toString(), null);
                CompletableFuture<JsonNode> prompt = client.prompt(session, "go");
                if (!probe.both.await(30, TimeUnit.SECONDS)) {
                    System.out.println("subagent cancel: the subagents did not start");
                    return;
                }
                long start = System.nanoTime();
                client.cancel(session);
                JsonNode answer = AcpTestClient.await(prompt);
                long took = System.nanoTime() - start;
                if (i > 0) {
                    times.add(took);
                }
                if (!answer.path("result").path("stopReason").asString().equals("cancelled")) {
                    System.out.println("subagent cancel: the prompt answered " + Json.write(answer));
                }
            }
        }
        System.out.printf("session/cancel -> prompt answer with two subagents in MCP calls, %d runs: median %.1f ms, max %.1f ms (target <= 2000 ms)%n",
                times.size(), percentile(times, 50), percentile(times, 100));
    }

    private static double percentile(List<Long> nanos, int p) {
        if (nanos.isEmpty()) {
            return Double.NaN;
        }
        List<Long> sorted = new ArrayList<>(nanos);
        Collections.sort(sorted);
        int index = Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1);
        return sorted.get(Math.max(0, index)) / 1e6;
    }
}
