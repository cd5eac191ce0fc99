package dev.tether.agent.subagent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.McpRuntime;
import dev.tether.mcp.McpRuntimeListener;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.ModelMessage;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.mcp.ChaosMcpServer;
import dev.tether.testing.mcp.McpTestSupport;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Subagents on a real MCP server (a stdio process): they call it through the session's one MCP
 * runtime (no second launch), and a cancel withdraws their calls from the server before the
 * prompt answers.
 */
class SubagentsMcpTest {
    @TempDir
    Path dir;

    private final AtomicInteger launches = new AtomicInteger();

    private McpLauncher chaos(Path callLog) {
        return (specs, cwd, artifactDir, host, listener) -> {
            launches.incrementAndGet();
            var spec = McpTestSupport.javaServer("chaos", ChaosMcpServer.class, Map.of(), "--call-log", callLog.toString());
            McpRuntime runtime = McpRuntime.start(List.of(spec), McpTestSupport.options()
                            .withPolicies(Map.of("chaos", TestSettings.trustingAnnotations())).withArtifactDir(artifactDir).withHost(host),
                    McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT);
            return new McpLauncher.Servers() {
                @Override
                public List<Tool> awaitTools(Cancellation cancellation) {
                    return runtime.awaitTools(Duration.ofSeconds(30), cancellation);
                }

                @Override
                public void close() {
                    runtime.close();
                }
            };
        };
    }

    private static List<String> lines(Path file) throws Exception {
        return Files.exists(file) ? Files.readAllLines(file) : List.of();
    }

    @Test
    void twoSubagentsCallTheSessionsMcpServerWithoutStartingItAgain() throws Exception {
        Path callLog = dir.resolve("calls.log");
        QueueModel model = SubagentsTest.model(SubagentsTest.router("mcp__chaos__echo", null), 6);
        Path work = Files.createDirectories(dir.resolve("work"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, chaos(callLog))) {
            AcpTestClient client = agent.client();
            client.request("initialize", SubagentsTest.SUBAGENTS_INITIALIZE);
            String parent = client.newSession(work.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(parent, "Echo both.")).path("result").path("stopReason").asString());

            String answers = SubagentsTest.results(model.requests().getLast()).stream()
                    .map(r -> SubagentsTest.text(ModelMessage.user(List.of(r)))).sorted().collect(Collectors.joining("|"));
            assertEquals("Thing A: A|Thing B: B", answers, "each subagent's answer quotes what the server echoed");
            assertEquals(List.of("echo", "echo"), lines(callLog));
            assertEquals(1, launches.get(), "the subagents used the session's MCP runtime");
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void cancellingTheTurnWithdrawsBothSubagentsCallsFromTheServer() throws Exception {
        Path callLog = dir.resolve("calls.log");
        Path work = Files.createDirectories(dir.resolve("work"));
        Files.createDirectories(work.resolve(".tether/agents"));
        Files.writeString(work.resolve(".tether/agents/waiter.md"), "---\nname: waiter\ndescription: Waits on the server\ntools: mcp__chaos__hang\n---\n");
        QueueModel model = SubagentsTest.model(SubagentsTest.router("mcp__chaos__hang", "waiter"), 6);
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, chaos(callLog))) {
            AcpTestClient client = agent.client();
            client.request("initialize", SubagentsTest.SUBAGENTS_INITIALIZE);
            String parent = client.newSession(work.toString(), null);
            CompletableFuture<JsonNode> prompt = client.prompt(parent, "Wait on both.");
            Waits.eventually(Duration.ofSeconds(30), () -> lines(callLog).size() == 2, "both subagents in their MCP call");
            client.cancel(parent);
            JsonNode answer = AcpTestClient.await(prompt);
            assertEquals("cancelled", answer.path("result").path("stopReason").asString());
            long ended = client.updates(parent, "subagent_update").stream()
                    .filter(u -> u.path("state").path("stopReason").asString().equals("cancelled")).count();
            assertEquals(2, ended, "both subagents were shown ended before the answer");
            // Tether sent notifications/cancelled before answering; the server logs them as it reads them.
            Waits.eventually(Duration.ofSeconds(30), () -> lines(callLog).stream().filter(l -> l.startsWith("cancelled ")).count() == 2,
                    "the server was told both calls are withdrawn: " + lines(callLog));
            assertEquals(1, launches.get());
            assertEquals(List.of(), client.violations());
        }
    }
}
