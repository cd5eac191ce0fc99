package dev.tether.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.base.Cancellation;
import dev.tether.session.servers.McpLauncher;
import dev.tether.testing.Waits;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A session owns the threads it starts: once it is closed, none of them is still running. */
class SessionThreadsTest {
    @TempDir
    Path dir;

    /** MCP servers that take minutes to start, so the session's background work is still waiting on them. */
    private static final McpLauncher NEVER_READY = (specs, cwd, artifacts, host, listener) -> new McpLauncher.Servers() {
        @Override
        public List<Tool> awaitTools(Cancellation cancellation) {
            cancellation.sleep(Duration.ofMinutes(5));
            return List.of();
        }

        @Override
        public void close() {}
    };

    @Test
    void closingASessionLeavesNoneOfItsThreadsRunning() {
        try (InProcessAgent agent = new InProcessAgent(dir, new QueueModel().then(QueueModel.Reply.text("hi")), NEVER_READY)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String id = client.newSession(dir.toString(), null);
            SessionRuntime session = agent.sessions().get(id);
            // The prompt waits at the catalog barrier: its notice timer and the command publisher are running.
            var prompt = client.prompt(id, "hello");
            Waits.eventually(Duration.ofSeconds(5), () -> session.scope().threads().size() >= 2,
                    "the session's background threads start");
            List<Thread> threads = session.scope().threads();
            client.request("session/close", java.util.Map.of("sessionId", id));
            threads.forEach(t -> assertFalse(t.isAlive(), t.getName() + " still runs after close"));
            assertEquals(List.of(), session.scope().threads());
            AcpTestClient.await(prompt);
        }
    }
}
