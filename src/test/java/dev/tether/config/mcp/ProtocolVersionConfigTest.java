package dev.tether.config.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.testing.StrictMcpConfig;
import dev.tether.testing.mcp.TestSettings;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A server's {@code "protocolVersion"} pins the MCP revision Tether speaks to it; an unknown one is refused by name. */
class ProtocolVersionConfigTest {

    @Test
    void aServerMayBePinnedToARevision(@TempDir Path dir) throws Exception {
        McpConfig.Declared declared = StrictMcpConfig.fromArgument("""
                {"mcpServers": {"new": {"command": "n", "protocolVersion": "2026-07-28"},
                                "old": {"command": "o", "protocolVersion": "2025-06-18"}, "probed": {"command": "p"}}}""", dir);
        assertEquals(TestSettings.pinnedTo("2026-07-28"), declared.policies().get("new"));
        assertEquals(TestSettings.pinnedTo("2025-06-18"), declared.policies().get("old"));
        assertEquals(null, declared.policies().get("probed"), "no pin: Tether probes");
        McpConfig.InvalidConfig bad = assertThrows(McpConfig.InvalidConfig.class, () -> StrictMcpConfig.fromArgument(
                "{\"mcpServers\":{\"x\":{\"command\":\"x\",\"protocolVersion\":\"2099-01-01\"}}}", dir));
        assertEquals(true, bad.getMessage().contains(
                "protocolVersion must be one of [2026-07-28, 2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05]"), bad.getMessage());
    }
}
