package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.McpRuntimeEvent.StateChanged;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.RecordingListener;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class GenerationTest {

    @Test
    void aCallOfAnOlderGenerationIsDroppedAndEventsAreNumberedInOrder() throws Exception {
        RecordingListener events = new RecordingListener();
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("gen")), options(), events, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            ServerStatus before = runtime.status().getFirst();
            AtomicBoolean running = new AtomicBoolean();
            CompletableFuture<String> slow = CompletableFuture.supplyAsync(
                    () -> text(runtime, "gen", "slow", args("steps", "10", "delayMs", "200"), false, p -> running.set(true)));
            Waits.eventually(Duration.ofSeconds(10), running::get, "the slow call to report progress");
            ServerStatus after = runtime.reconnect("gen");

            McpError dropped = assertThrows(McpError.Superseded.class, () -> {
                try {
                    slow.join();
                } catch (java.util.concurrent.CompletionException e) {
                    throw e.getCause();
                }
            });
            assertEquals("the server was reconnected or disconnected during the call; the call was abandoned", dropped.getMessage());
            assertEquals(State.READY, after.state());
            assertTrue(after.generation() > before.generation(), before + " → " + after);
            assertEquals("ok", text(runtime, "gen", "echo", args("text", "ok")), "the new generation serves calls");

            List<McpRuntimeEvent> all = events.events();
            for (int i = 0; i < all.size(); i++) {
                assertEquals(i + 1, all.get(i).revision(), "revisions count up by one: " + all);
            }
            int lastGeneration = 0;
            for (McpRuntimeEvent e : all) {
                assertTrue(e.generation() >= lastGeneration, "no event of an older generation after a newer one: " + all);
                lastGeneration = e.generation();
            }
            assertEquals(List.of(State.CONNECTING, State.READY, State.CONNECTING, State.READY), events.states("gen"));
            assertInstanceOf(StateChanged.class, all.getFirst());
        }
    }
}
