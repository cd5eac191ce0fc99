package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.Interact.policy;
import static dev.tether.mcp.Interact.stats;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.interaction.InteractionSettings;
import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.interaction.logs.ServerLogs;
import dev.tether.testing.mcp.ScriptedHost;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Log messages are bounded user diagnostics, never model input; the configured level is re-applied after every connect. */
class LoggingTest {

    @Test
    void theLevelIsSentAfterConnectAndAfterReconnect() {
        ScriptedHost host = new ScriptedHost(false, false);
        try (McpRuntime runtime = Interact.start(host, Map.of("chatty", policy(false, false, "error")),
                chaos("chatty", "--logging"), chaos("quiet", "--logging"), chaos("mute"))) {
            assertEquals(json("{'level':'error','count':1}"), level(runtime, "chatty"));
            assertEquals(json("{'level':'warning','count':1}"), level(runtime, "quiet"), "the default level");
            assertEquals(json("{'level':'','count':0}"), level(runtime, "mute"), "no logging capability, no setLevel");
            runtime.reconnect("chatty");
            assertEquals(json("{'level':'error','count':1}"), level(runtime, "chatty"), "the new server process was told too");
        }
    }

    @Test
    void aFloodIsKeptBoundedRedactedAndOutOfToolResults() throws Exception {
        ScriptedHost host = new ScriptedHost(false, false);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("flood", "--logging", "--interaction"))) {
            String result = Interact.run(runtime, "flood", "log_flood", json("{'count':500}"), "call-1");
            assertEquals("flooded 500", result);
            ServerLogs logs = runtime.logs("flood");
            assertEquals(InteractionSettings.DEFAULT_LOG_ENTRIES, logs.entries().size());
            assertTrue(logs.entries().getLast().text().startsWith("line 499 "), logs.entries().getLast().text());
            for (ServerLogs.Entry entry : logs.entries()) {
                assertTrue(entry.text().getBytes(StandardCharsets.UTF_8).length <= InteractionSettings.DEFAULT_LOG_ENTRY_BYTES);
                assertFalse(entry.text().contains("sk-abcdef"), entry.text());
                assertFalse(entry.text().contains("\u200B"));
            }
            long told = host.notices.stream().filter(n -> n instanceof McpNotice.Log).count();
            assertTrue(told >= 1 && told < 500 && told + logs.suppressed() == 500, told + " told, " + logs.suppressed() + " suppressed");
            assertTrue(host.notices.getFirst() instanceof McpNotice.Log log && log.level().equals("warning")
                    && log.logger().equals("flood"));
        }
    }

    private static tools.jackson.databind.JsonNode level(McpRuntime runtime, String server) {
        var stats = stats(runtime, server);
        return json("{'level':'" + stats.path("logLevel").asString() + "','count':" + stats.path("setLevels").asInt() + "}");
    }
}
