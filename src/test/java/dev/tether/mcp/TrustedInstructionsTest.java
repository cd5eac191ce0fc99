package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.testing.mcp.TestSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The instructions of an opted-in server are handed out while it is ready and withdrawn when it is not. */
class TrustedInstructionsTest {

    @Test
    void optedInInstructionsAreWithdrawnWhenTheServerDisconnectsAndReturnWithIt() {
        ScriptedHost host = new ScriptedHost(false, false);
        Map<String, McpServerPolicy> policies = Map.of("evil", TestSettings.sendingInstructions());
        try (McpRuntime runtime = Interact.start(host, policies, chaos("evil", "--hostile-instructions"),
                chaos("plain", "--hostile-instructions"))) {
            String block = runtime.trustedInstructions();
            assertTrue(block.startsWith("Untrusted documentation from MCP server \"evil\""), block);
            assertTrue(!block.contains("\"plain\""), "only the opted-in server");
            runtime.connection("evil").disconnect("disconnected by the user");
            assertEquals("", runtime.trustedInstructions(), "withdrawn with the connection");
            runtime.reconnect("evil");
            assertTrue(runtime.trustedInstructions().contains("\"evil\""), "back when it is ready again");
        }
    }
}
