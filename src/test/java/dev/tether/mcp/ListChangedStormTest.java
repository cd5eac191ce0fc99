package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListChangedStormTest {

    @Test
    void aThousandNotificationsInASecondCostAtMostTwoFetchesAndTheLastListWins() throws Exception {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("storm")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertEquals("sent 1000; list version v1000", text(runtime, "storm", "storm", args("count", "1000", "ms", "1000")));
            List<Tool> after = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            assertTrue(after.stream().anyMatch(t -> t.definition().name().equals("mcp__storm__gen_1000")),
                    "the barrier returns the list of the last notification");

            var stats = Json.parse(text(runtime, "storm", "stats", null));
            int refreshFetches = stats.path("fetches").asInt() - 1; // the first is the connect
            assertTrue(refreshFetches >= 1 && refreshFetches <= 2, "fetches caused by the storm: " + refreshFetches);
        }
    }
}
