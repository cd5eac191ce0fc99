package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A first prompt that waits for MCP servers tells the user why; a quick one says nothing. */
class SlowServersNoticeTest {
    @TempDir
    Path dir;

    private static McpLauncher startingFor(Duration startup) {
        return (specs, cwd, artifacts, host, listener) -> new McpLauncher.Servers() {
            @Override
            public List<Tool> awaitTools(Cancellation cancellation) {
                cancellation.sleep(startup);
                return List.of();
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void aSlowStartIsExplainedLiveAndNotKept() throws Exception {
        String session;
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel().then(QueueModel.Reply.text("hi")), startingFor(Duration.ofMillis(1600)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            session = client.newSession(dir.toString(), null);
            assertEquals("end_turn", AcpTestClient.await(client.prompt(session, "hello")).path("result").path("stopReason").asString());
            assertTrue(client.updates(session, "agent_thought_chunk").toString().contains("Waiting for MCP servers to start"));
        }
        assertFalse(Files.readString(dir.resolve("sessions").resolve(session + ".jsonl")).contains("Waiting for MCP servers"));
    }

    @Test
    void aServerTheBarrierStoppedWaitingForIsNamedOnce() {
        McpLauncher slowList = (specs, cwd, artifacts, host, listener) -> new McpLauncher.Servers() {
            @Override
            public List<Tool> awaitTools(Cancellation cancellation) {
                cancellation.sleep(Duration.ofMillis(1600));
                return List.of();
            }

            @Override
            public List<McpLauncher.ServerSummary> status() {
                return List.of(new McpLauncher.ServerSummary("slowlist", "connecting", "stdio", 0, 0, 0, null),
                        new McpLauncher.ServerSummary("fine", "ready", "stdio", 2, 0, 0, null));
            }

            @Override
            public void close() {}
        };
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel().then(QueueModel.Reply.text("hi")).then(QueueModel.Reply.text("again")),
                slowList)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            AcpTestClient.await(client.prompt(session, "hello"));
            AcpTestClient.await(client.prompt(session, "hello again"));
            String said = client.updates(session, "agent_message_chunk").toString();
            assertTrue(said.contains("MCP server `slowlist` is still starting; this turn goes on without its tools"), said);
            assertFalse(said.contains("`fine`"), said);
            assertEquals(1, said.split("is still starting").length - 1, "said once: " + said);
        }
    }

    @Test
    void aQuickStartSaysNothing() {
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel().then(QueueModel.Reply.text("hi")), startingFor(Duration.ofMillis(10)))) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            AcpTestClient.await(client.prompt(session, "hello"));
            assertEquals(List.of(), client.updates(session, "agent_thought_chunk"));
        }
    }
}
