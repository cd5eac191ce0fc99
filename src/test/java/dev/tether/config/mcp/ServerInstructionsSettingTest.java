package dev.tether.config.mcp;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import org.junit.jupiter.api.Test;

/** A server's {@code "instructions"} key: whether its {@code initialize} instructions may reach the model. */
class ServerInstructionsSettingTest {
    @Test
    void theInstructionsSwitchIsReadPerServerAndOffByDefault() throws Exception {
        assertTrue(McpPolicyConfig.parse(Json.parse("{\"instructions\": true}"), "mcpServers.docs").instructions());
        assertFalse(McpPolicyConfig.parse(Json.object(), "mcpServers.docs").instructions());
    }
}
