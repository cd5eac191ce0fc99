package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.javaServer;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.reference.ReferenceServer;
import dev.tether.testing.mcp.TestSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A server pinned to an older revision ({@code "protocolVersion": "2025-06-18"}) is greeted with
 * that revision: {@code initialize} asks for it, so a server that speaks several answers with it
 * and the connection really talks it (shown in {@code /mcp}).
 */
class PinnedRevisionTest {

    @ParameterizedTest
    @ValueSource(strings = {"2025-06-18", "2025-03-26", "2025-11-25"})
    void initializeAsksForThePinnedRevision(String pinned) {
        try (McpRuntime runtime = McpRuntime.start(List.of(javaServer("orders", ReferenceServer.class, Map.of(), "stdio")),
                options().withPolicies(Map.of("orders", TestSettings.pinnedTo(pinned))),
                McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
            ServerStatus status = runtime.status().getFirst();
            assertEquals(ServerStatus.State.READY, status.state(), status.reason());
            assertEquals(pinned, status.protocolVersion());
        }
    }
}
