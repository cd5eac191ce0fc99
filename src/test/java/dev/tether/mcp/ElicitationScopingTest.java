package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.testing.mcp.ScriptedHost;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** An elicitation is tied to the ACP tool call that caused it only when that call is the server's only one in flight. */
class ElicitationScopingTest {
    private static final ObjectNode ASK_FORM = json("{'method':'elicitation/create','params':{'message':'m',"
            + "'requestedSchema':{'type':'object','properties':{'a':{'type':'string'}}}}}");

    @Test
    void theSingleCallInFlightGetsTheElicitation() throws Exception {
        ScriptedHost host = new ScriptedHost(true, false).answering((r, c) -> ElicitationReply.DECLINE);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("scoped"))) {
            String text = Interact.run(runtime, "scoped", "ask", ASK_FORM, "call-7");
            assertEquals("{\"result\":{\"action\":\"decline\"}}", text);
            assertEquals("call-7", host.elicitations.getFirst().toolCallId());
        }
    }

    @Test
    void twoCallsInFlightLeaveItScopedToTheSession() throws Exception {
        CountDownLatch bothAsked = new CountDownLatch(2);
        ScriptedHost host = new ScriptedHost(true, false).answering((r, c) -> {
            bothAsked.countDown();
            try {
                bothAsked.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return ElicitationReply.DECLINE;
        });
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("scoped"))) {
            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> run(runtime, "call-1"));
            CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> run(runtime, "call-2"));
            first.get(20, TimeUnit.SECONDS);
            second.get(20, TimeUnit.SECONDS);
            assertEquals(2, host.elicitations.size());
            // The first request may have arrived while only one call was in flight; the last cannot have.
            assertNull(host.elicitations.get(1).toolCallId());
        }
    }

    private static String run(McpRuntime runtime, String id) {
        try {
            return Interact.run(runtime, "scoped", "ask", ASK_FORM, id);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
