package dev.tether.config.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.StrictMcpConfig;
import dev.tether.testing.mcp.TestSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code "mcp"} keys of self-healing and a server's own {@code healthCheckSeconds}. */
class HealingConfigTest {

    private static McpConnectionSettings settings(String json) {
        return McpRuntimeConfig.from(Json.parse(json)).connectionSettings();
    }

    @Test
    void theDefaults() {
        McpConnectionSettings defaults = McpRuntimeConfig.DEFAULT.connectionSettings();
        McpConnectionSettings.Healing h = defaults.healing();
        assertEquals(List.of(Duration.ofSeconds(60), Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMinutes(10),
                Duration.ofSeconds(20)), List.of(h.healthCheck(), h.pingTimeout(), h.coolDown(), h.maxCoolDown(), h.catalogTtl()));
        assertEquals(5, defaults.recovery().attempts());
        assertEquals(List.of(Duration.ofMillis(500), Duration.ofSeconds(16)),
                List.of(defaults.recovery().firstBackoff(), defaults.recovery().maxBackoff()));
    }

    @Test
    void eachKeySetsItsOwnValueAndZeroTurnsChecksOff() {
        McpConnectionSettings s = settings("""
                {"mcp": {"healthCheckSeconds": 0, "catalogTtlSeconds": 90, "reconnectAttempts": 8, "retryCoolDownSeconds": 5}}""");
        assertEquals(List.of(Duration.ZERO, Duration.ofSeconds(90), Duration.ofSeconds(5), Duration.ofMinutes(10)),
                List.of(s.healing().healthCheck(), s.healing().catalogTtl(), s.healing().coolDown(), s.healing().maxCoolDown()));
        assertEquals(8, s.recovery().attempts());
    }

    @Test
    void aBadValueKeepsTheDefault() {
        McpConnectionSettings s = settings("""
                {"mcp": {"healthCheckSeconds": -1, "catalogTtlSeconds": "often", "reconnectAttempts": 0}}""");
        assertEquals(McpConnectionSettings.Healing.DEFAULT.healthCheck(), s.healing().healthCheck());
        assertEquals(McpConnectionSettings.Healing.DEFAULT.catalogTtl(), s.healing().catalogTtl());
        assertEquals(McpConnectionSettings.Recovery.DEFAULT_ATTEMPTS, s.recovery().attempts());
    }

    @Test
    void aServerMaySetItsOwnHealthCheckInterval(@TempDir Path dir) throws Exception {
        McpConfig.Declared declared = StrictMcpConfig.fromArgument("""
                {"mcpServers": {"slow": {"command": "slow-mcp", "healthCheckSeconds": 0}, "other": {"command": "x"}}}""", dir);
        assertEquals(TestSettings.withHealthCheckSeconds(0), declared.policies().get("slow"));
        assertEquals(null, declared.policies().get("other"), "no override: the runtime's interval");
        assertTrue(assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument(
                "{\"mcpServers\":{\"x\":{\"command\":\"x\",\"healthCheckSeconds\":\"often\"}}}", dir))
                .getMessage().contains("healthCheckSeconds must be a whole number"));
    }
}
