package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@code resources/read}, {@code prompts/get} and {@code completion/complete} each give up after their own
 * limit, not the list limit, and the message names the setting to raise.
 */
class NamedRequestTimeoutsTest {
    private static McpRuntime runtime;

    @BeforeAll
    static void start() {
        McpRuntimeOptions opts = options()
                .withRequestTimeouts(new McpRuntimeOptions.RequestTimeouts(
                        Duration.ofMillis(700), Duration.ofMillis(1_500), Duration.ofMillis(2_500)));
        runtime = McpRuntime.start(List.of(chaos("deaf", "--content", "--content-hang")), opts, McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT);
        runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
        assertEquals(State.READY, runtime.status().getFirst().state());
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void aReadStopsAtTheReadTimeout() {
        assertTimesOut(McpError.Timeout.Kind.READ, 700,
                "resources/read timed out after 700 ms (the read timeout, mcp.readTimeoutSeconds)",
                () -> runtime.readResource("deaf", "chaos://note/1", Cancellation.root()));
    }

    @Test
    void aPromptStopsAtThePromptTimeout() {
        assertTimesOut(McpError.Timeout.Kind.PROMPT, 1_500,
                "prompts/get timed out after 1500 ms (the prompt timeout, mcp.promptTimeoutSeconds)",
                () -> runtime.getPrompt("deaf", "greet", Map.of("name", "Ada"), Cancellation.root()));
    }

    @Test
    void aCompletionStopsAtTheCompletionTimeout() {
        assertTimesOut(McpError.Timeout.Kind.COMPLETION, 2_500,
                "completion/complete timed out after 2500 ms (the completion timeout, mcp.completionTimeoutSeconds)",
                () -> runtime.complete("deaf", new CompletionRef.Prompt("greet"), "name", "A", Map.of(), Cancellation.root()));
    }

    private static void assertTimesOut(McpError.Timeout.Kind kind, long limitMillis, String message, Executable request) {
        long start = System.nanoTime();
        McpError.Timeout e = assertThrows(McpError.Timeout.class, request);
        long millis = Duration.ofNanos(System.nanoTime() - start).toMillis();
        assertEquals(kind, e.kind());
        assertEquals(message, e.getMessage());
        // The kind and the message name the limit that fired; the time only shows it was waited for
        // (an upper bound here would make a loaded machine fail the test, not Tether).
        assertTrue(millis >= limitMillis, "gave up after " + millis + " ms");
        assertEquals(State.READY, runtime.status().getFirst().state(), "a slow answer is no reason to reconnect");
    }
}
