package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogBarrierTest {

    @Test
    void theBarrierWaitsForARefreshInFlight() {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("slowlist")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            text(runtime, "slowlist", "set_catalog", args("mode", "v5", "notify", "true", "listDelayMs", "800"));
            List<Tool> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertTrue(tools.stream().anyMatch(t -> t.definition().name().equals("mcp__slowlist__gen_5")),
                    "the turn sees the catalog the notification announced");
        }
    }

    @Test
    void withNothingPendingTheBarrierReturnsTheSameProjection() {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("still")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            List<Tool> first = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertSame(first, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()));
        }
    }
}
