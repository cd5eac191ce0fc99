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
import dev.tether.testing.mcp.RecordingListener;
import dev.tether.testing.mcp.WebSocketMcpServer;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * MCP over WebSocket ({@code type: "ws"}) against a small RFC 6455 server: the handshake asks for
 * the {@code mcp} subprotocol and carries the configured headers, fragmented answers are
 * assembled, an answer over the message limit fails only its call, and the server dropping the
 * connection is recovered from like a crashed process.
 */
class WebSocketTransportTest {
    private static final int LIMIT = 64 * 1024;

    private static McpRuntime start(WebSocketMcpServer server, RecordingListener events) {
        McpServerSpec spec = new McpServerSpec.WebSocket("ws", server.url(), Map.of("X-Team", "core"));
        return McpRuntime.start(List.of(spec), options(), events, McpConnectionSettings.DEFAULT.withMaxLineBytes(LIMIT));
    }

    @Test
    void toolsAreListedAndCalledOverTheSocketWithTheMcpSubprotocolAndTheHeaders() throws Exception {
        try (WebSocketMcpServer server = new WebSocketMcpServer();
             McpRuntime runtime = start(server, new RecordingListener())) {
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals(List.of("mcp__ws__big", "mcp__ws__drop", "mcp__ws__echo"),
                    tools.stream().map(t -> t.definition().name()).sorted().toList());
            assertEquals("echo: over a socket", text(runtime, "ws", "echo", args("message", "over a socket")),
                    "an answer in three fragments arrives whole");
            assertEquals("mcp", server.handshakes().getFirst().get("sec-websocket-protocol"));
            assertEquals("core", server.handshakes().getFirst().get("x-team"));
            assertEquals(State.READY, runtime.status().getFirst().state());
        }
    }

    @Test
    void anAnswerOverTheLimitFailsItsCallReadablyAndTheConnectionStaysUp() throws Exception {
        try (WebSocketMcpServer server = new WebSocketMcpServer();
             McpRuntime runtime = start(server, new RecordingListener())) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            McpError failed = assertThrows(McpError.class, () -> text(runtime, "ws", "big", args("bytes", Integer.toString(4 * LIMIT))));
            assertTrue(failed.getMessage().contains("larger than the 0.1 MB message limit"), failed.getMessage());

            assertEquals("x".repeat(LIMIT / 2), text(runtime, "ws", "big", args("bytes", Integer.toString(LIMIT / 2))),
                    "an answer under the limit still arrives");
            assertEquals("echo: still here", text(runtime, "ws", "echo", args("message", "still here")));
            assertEquals(1, server.handshakes().size(), "the same connection carried on");
        }
    }

    @Test
    void theServerDroppingTheConnectionIsRecoveredFrom() throws Exception {
        RecordingListener events = new RecordingListener();
        try (WebSocketMcpServer server = new WebSocketMcpServer();
             McpRuntime runtime = start(server, events)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertThrows(McpError.class, () -> text(runtime, "ws", "drop", null));

            ServerStatus recovering = events.awaitState("ws", State.RECOVERING, Duration.ofSeconds(10));
            assertTrue(recovering.reason().contains("WebSocket"), recovering.reason());
            events.await(e -> e instanceof McpRuntimeEvent.StateChanged s && s.status().state() == State.READY
                    && s.generation() > recovering.generation(), Duration.ofSeconds(20));
            assertEquals("echo: back", text(runtime, "ws", "echo", args("message", "back")));
            assertEquals(2, server.handshakes().size(), "a new connection after the drop");
        }
    }
}
