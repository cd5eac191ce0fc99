package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code session/new} answers without waiting for the session's MCP launch (building the MCP
 * runtime, spawning the servers), and nothing is lost by that: a prompt sent at once still gets
 * the servers' tools, a launch that fails is reported for each server, and a session closed while
 * its launch is under way still closes the servers that launch started.
 */
class ServersLaunchAfterAnswerTest {
    private static final String SERVERS = "[{\"name\":\"tracker\",\"command\":\"tracker-mcp\",\"args\":[],\"env\":[]}]";

    @TempDir
    Path dir;

    /** A launcher held until {@link #release()}: the launch is under way for as long as a test wants. */
    private static final class HeldLauncher implements McpLauncher {
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicBoolean closed = new AtomicBoolean();
        final RuntimeException failure;

        HeldLauncher(RuntimeException failure) {
            this.failure = failure;
        }

        void release() {
            release.countDown();
        }

        @Override
        public Servers start(List<dev.tether.mcp.api.McpServerSpec> servers, Path cwd, Path artifactDir,
                             dev.tether.mcp.interaction.McpHost host, Listener listener) {
            try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("never released");
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            if (failure != null) {
                throw failure;
            }
            return new Servers() {
                @Override
                public List<Tool> awaitTools(Cancellation cancellation) {
                    return List.of(new Issues());
                }

                @Override
                public void close() {
                    closed.set(true);
                }
            };
        }
    }

    @Test
    void theAnswerComesWhileTheLaunchIsHeldAndAPromptSentAtOnceSeesTheServersTools() {
        HeldLauncher launcher = new HeldLauncher(null);
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("ok"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, launcher)) {
            AcpTestClient client = agent.client();
            client.initialize();
            // Answered although the launch cannot finish yet (it used to run before the answer).
            String session = client.newSession(dir.toString(), Json.parse(SERVERS));
            CompletableFuture<JsonNode> prompt = client.prompt(session, "list my issues");
            Waits.throughout(Duration.ofMillis(300), () -> !prompt.isDone(), "the prompt waits for the launch");
            launcher.release();

            assertEquals("end_turn", AcpTestClient.await(prompt).path("result").path("stopReason").asString());
            List<String> offered = model.requests().getFirst().tools().stream().map(ToolDefinition::name).toList();
            assertTrue(offered.contains("tracker_issues"), "the server's tool reaches the first request: " + offered);
        }
    }

    @Test
    void aLaunchThatFailsIsReportedForEachServerAndTheSessionGoesOn() {
        HeldLauncher launcher = new HeldLauncher(new IllegalStateException("no process for you"));
        launcher.release();
        QueueModel model = new QueueModel().then(QueueModel.Reply.text("ok"));
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), model, launcher)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), Json.parse(SERVERS));
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "hello")).path("result").path("stopReason").asString());
            String messages = client.updates(session, "agent_message_chunk").toString();
            assertTrue(messages.contains("MCP server `tracker` is not available: the MCP runtime could not start: no process for you"),
                    messages);
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aSessionClosedWhileItsLaunchIsUnderWayClosesWhatTheLaunchStarted() throws Exception {
        HeldLauncher launcher = new HeldLauncher(null);
        try (InProcessAgent agent = new InProcessAgent(dir.resolve("state"), new QueueModel(), launcher)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), Json.parse(SERVERS));
            CompletableFuture<JsonNode> close = client.send("session/close", Map.of("sessionId", session));
            Waits.throughout(Duration.ofMillis(200), () -> !close.isDone(), "close waits for the launch under way");
            launcher.release();
            assertFalse(AcpTestClient.await(close).has("error"), "closed");
            assertTrue(launcher.closed.get(), "the launched servers were closed before session/close was answered");
        }
    }

    private record Issues() implements Tool {
        @Override
        public ToolDefinition definition() {
            return new ToolDefinition("tracker_issues", "Lists issues", Json.parse("{\"type\":\"object\"}"));
        }

        @Override
        public ToolTraits traits() {
            return new ToolTraits(ToolKind.OTHER, ToolTraits.Category.EXTERNAL, false, "tracker");
        }

        @Override
        public ToolCallView describe(JsonNode input, ToolContext context) {
            return ToolCallView.of("tracker_issues", ToolKind.OTHER);
        }

        @Override
        public ToolOutcome run(JsonNode input, ToolContext context) {
            return ToolOutcome.text("no issues");
        }
    }
}
