package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.testing.mcp.LegacySseMcpServer;
import dev.tether.testing.mcp.RecordingListener;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The legacy HTTP+SSE transport's bounds and endings against a small 2024-11-05 server: the
 * protocol is what the server answers, a stream that never names its endpoint fails within the
 * connect timeout, and a stream that ends — on its own or because an event broke the message
 * limit — is recovered from with a new stream.
 */
class LegacySseTransportTest {
    private static final int LIMIT = 64 * 1024;

    private static McpRuntime start(LegacySseMcpServer server, McpRuntimeOptions options, RecordingListener events) {
        return McpRuntime.start(List.of(new McpServerSpec.Sse("legacy", server.url(), Map.of())), options, events,
                McpConnectionSettings.DEFAULT.withMaxLineBytes(LIMIT));
    }

    @Test
    void toolsWorkAndTheProtocolIsTheOneTheServerAnswered() throws Exception {
        try (LegacySseMcpServer server = new LegacySseMcpServer(false);
             McpRuntime runtime = start(server, options(), new RecordingListener())) {
            assertEquals(3, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size());
            assertEquals("echo: hello", text(runtime, "legacy", "echo", args("message", "hello")));
            assertEquals("2024-11-05", runtime.status().getFirst().protocolVersion());
        }
    }

    @Test
    void aStreamThatNeverNamesItsEndpointFailsWithinTheConnectTimeout() throws Exception {
        try (LegacySseMcpServer server = new LegacySseMcpServer(true);
             McpRuntime runtime = start(server, options().withConnectTimeout(Duration.ofSeconds(1)), new RecordingListener())) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            ServerStatus status = runtime.status().getFirst();
            assertEquals(State.FAILED, status.state());
            assertEquals(java.net.URI.create(server.url()).getHost() + ":" + java.net.URI.create(server.url()).getPort()
                    + ": the server's event stream announced no POST endpoint within 1 s", status.reason());
        }
    }

    @Test
    void anEndedStreamIsRecoveredFromWithANewOne() throws Exception {
        RecordingListener events = new RecordingListener();
        try (LegacySseMcpServer server = new LegacySseMcpServer(false); McpRuntime runtime = start(server, options(), events)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertThrows(McpError.class, () -> text(runtime, "legacy", "drop", null));

            ServerStatus recovering = events.awaitState("legacy", State.RECOVERING, Duration.ofSeconds(10));
            assertTrue(recovering.reason().contains("the server closed its event stream"), recovering.reason());
            events.await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.status().state() == State.READY
                    && s.generation() > recovering.generation(), Duration.ofSeconds(20));
            assertEquals("echo: back", text(runtime, "legacy", "echo", args("message", "back")));
            assertEquals(2, server.streams());
        }
    }

    @Test
    void anEventOverTheLimitFailsItsCallReadablyAndANewStreamTakesOver() throws Exception {
        RecordingListener events = new RecordingListener();
        try (LegacySseMcpServer server = new LegacySseMcpServer(false); McpRuntime runtime = start(server, options(), events)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            McpError failed = assertThrows(McpError.class, () -> text(runtime, "legacy", "big", args("bytes", Integer.toString(4 * LIMIT))));
            assertTrue(failed.getMessage().contains("message limit"), failed.getMessage());

            ServerStatus recovering = events.awaitState("legacy", State.RECOVERING, Duration.ofSeconds(10));
            events.await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.status().state() == State.READY
                    && s.generation() > recovering.generation(), Duration.ofSeconds(20));
            assertEquals("x".repeat(LIMIT / 2), text(runtime, "legacy", "big", args("bytes", Integer.toString(LIMIT / 2))));
        }
    }
}
