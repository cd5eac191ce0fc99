package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailedNotificationRefreshTest {

    @Test
    void aNotificationDrivenRefreshThatFailsKeepsTheLastGoodCatalog() {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("keep")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            List<Tool> good = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            ServerStatus before = runtime.status().getFirst();
            text(runtime, "keep", "set_catalog", args("mode", "duplicate", "notify", "true"));

            List<Tool> after = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()); // waits for the refresh
            assertFalse(runtime.connection("keep").refresher().busy(), "the refresh ran and ended");
            assertSame(good, after);
            assertEquals(before, runtime.status().getFirst());

            text(runtime, "keep", "set_catalog", args("mode", "v2", "notify", "true"));
            assertEquals(16, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).size(), "a later good list is taken");
        }
    }
}
