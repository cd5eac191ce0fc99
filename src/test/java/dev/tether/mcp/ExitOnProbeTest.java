package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.fake;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A 2025 stdio server that exits on Tether's server/discover is started again once and connects with initialize. */
class ExitOnProbeTest {

    @Test
    void theServerIsRestartedForInitialize() {
        try (McpRuntime runtime = McpRuntime.start(List.of(fake("quitter", "--exit-on-discover")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            List<String> tools = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).stream().map(t -> t.definition().name()).toList();
            ServerStatus status = runtime.status().getFirst();
            assertEquals(ServerStatus.State.READY + " 2025-11-25", status.state() + " " + status.protocolVersion(), status.reason());
            assertEquals(true, tools.contains("mcp__quitter__echo"), tools.toString());
        }
    }
}
