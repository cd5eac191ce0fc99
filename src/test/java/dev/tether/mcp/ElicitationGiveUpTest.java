package dev.tether.mcp;

import static dev.tether.mcp.Interact.ask;
import static dev.tether.mcp.Interact.json;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.interaction.McpHost;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.testing.mcp.TestSettings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** No surface, no answer in time, or a failing host: the server hears "no", never an error it cannot read. */
class ElicitationGiveUpTest {
    private static final String FORM = "{'message':'m','requestedSchema':{'type':'object','properties':{'a':{'type':'string'}}}}";

    @Test
    void noInteractionSurfaceIsNotOffered() {
        try (McpRuntime runtime = Interact.start(McpHost.NONE, Map.of(), chaos("nobody"))) {
            assertEquals(json("{'error':{'code':-32601,'message':'elicitation/create is not offered by this client'}}"),
                    ask(runtime, "nobody", "elicitation/create", json(FORM)));
        }
    }

    @Test
    void noAnswerWithinTheTimeoutIsCancel() {
        ScriptedHost host = new ScriptedHost(true, false).answering(ScriptedHost::waitForCancel);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("slowuser"))) {
            long start = System.nanoTime();
            assertEquals(json("{'result':{'action':'cancel'}}"), ask(runtime, "slowuser", "elicitation/create", json(FORM)));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 4_000, "cancelled by the 5 s elicitation timeout, took " + ms + " ms");
        }
    }

    @Test
    void aFailingHostIsCancel() {
        ScriptedHost host = new ScriptedHost(true, false).answering((r, c) -> {
            throw new IllegalStateException("editor went away");
        });
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("broken"))) {
            assertEquals(json("{'result':{'action':'cancel'}}"), ask(runtime, "broken", "elicitation/create", json(FORM)));
        }
    }

    @Test
    void cancellingTheToolCallCancelsItsElicitation() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false).answering(ScriptedHost::waitForCancel);
        // An elicitation timeout no test run reaches: only the turn's cancel can end the elicitation in time.
        try (McpRuntime runtime = Interact.start(host, Map.of(), TestSettings.elicitationWaits(Duration.ofHours(1),
                Duration.ofSeconds(2)), chaos("turn"))) {
            dev.tether.base.Cancellation turn = dev.tether.base.Cancellation.root();
            var running = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    dev.tether.testing.mcp.McpTestSupport.tool(runtime.tools(), "mcp__turn__ask").run(
                            json("{'method':'elicitation/create','params':" + FORM + "}"),
                            dev.tether.testing.mcp.McpTestSupport.context("call-1", turn, null));
                } catch (Exception e) {
                    // expected: the turn was cancelled
                }
            });
            Waits.eventually(Duration.ofSeconds(10), () -> !host.elicitations.isEmpty(), "the elicitation to reach the host");
            turn.cancel();
            running.get(60, java.util.concurrent.TimeUnit.SECONDS);
        }
    }
}
