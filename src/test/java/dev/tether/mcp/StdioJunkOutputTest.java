package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.MessageChannel;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.transport.stdio.StdioTransport;
import dev.tether.model.Part;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolOutcome;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

class StdioJunkOutputTest {

    @Test
    void nonJsonLinesBetweenFramesAreSkippedAndCounted() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("noisy", "--junk")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals(ServerStatus.State.READY, runtime.status().getFirst().state());
            ToolOutcome outcome = tool(tools, "mcp__noisy__echo").run(
                    JsonNodeFactory.instance.objectNode().put("text", "still works"), context("c1", Cancellation.root(), null));
            assertEquals(List.of(new Part.Text("still works")), outcome.forModel());
        }
        // The same server under one client session, counting what the transport reports as skipped.
        AtomicInteger skipped = new AtomicInteger();
        MessageChannel transport = StdioTransport.launch(fake("noisy", "--junk"), options().defaultCwd(), options().hostEnv());
        try (McpClientSession session = new McpClientSession("noisy", new CountingSkips(transport, skipped), () -> { })) {
            session.initialize("test", Duration.ofSeconds(20), Cancellation.root());
            session.listTools(CatalogBounds.DEFAULT, Duration.ofSeconds(20), Cancellation.root());
            McpCallResult echoed = session.callTool("echo", JsonNodeFactory.instance.objectNode().put("text", "still works"),
                    new McpClientSession.CallLimits(Duration.ofSeconds(20), Duration.ofSeconds(20)), Cancellation.root(), p -> { });
            assertEquals(List.of(new McpContent.Text("still works")), echoed.content());
            assertTrue(skipped.get() >= 5, "junk lines counted: " + skipped.get());
        }
    }

    /** Passes everything on and counts the lines the transport skipped as not JSON. */
    private record CountingSkips(MessageChannel delegate, AtomicInteger skipped) implements MessageChannel {
        @Override
        public void start(Listener listener) {
            delegate.start(new Listener() {
                @Override
                public void onMessage(JsonNode message) {
                    listener.onMessage(message);
                }

                @Override
                public void onMalformed(String reason) {
                    skipped.incrementAndGet();
                    listener.onMalformed(reason);
                }

                @Override
                public void onInvalid(JsonNode frame, String reason) {
                    listener.onInvalid(frame, reason);
                }

                @Override
                public void onClosed(Throwable cause) {
                    listener.onClosed(cause);
                }
            });
        }

        @Override
        public void send(JsonNode message) {
            delegate.send(message);
        }

        @Override
        public void close() {
            delegate.close();
        }
    }
}
