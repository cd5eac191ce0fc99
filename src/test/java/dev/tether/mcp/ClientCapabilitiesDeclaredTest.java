package dev.tether.mcp;

import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.Interact.policy;
import static dev.tether.mcp.Interact.stats;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.testing.mcp.ScriptedHost;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Servers are told only about the features their policy and the editor allow. */
class ClientCapabilitiesDeclaredTest {

    @Test
    void eachServerSeesOnlyWhatItsPolicyAndTheHostAllow() {
        ScriptedHost formOnly = new ScriptedHost(true, false);
        Map<String, McpServerPolicy> policies = Map.of("open", policy(true, true, "info"));
        try (McpRuntime runtime = Interact.start(formOnly, policies, chaos("open"), chaos("plain"))) {
            assertEquals(json("{'roots':{'listChanged':true},'sampling':{},'elicitation':{'form':{}}}"),
                    stats(runtime, "open").get("capabilities"));
            assertEquals(json("{'elicitation':{'form':{}}}"), stats(runtime, "plain").get("capabilities"));
        }
    }

    @Test
    void nothingIsDeclaredByDefault() {
        try (McpRuntime runtime = Interact.start(McpHost.NONE, Map.of(), chaos("plain"))) {
            assertEquals(json("{}"), stats(runtime, "plain").get("capabilities"));
        }
    }

    @Test
    void urlModeOnlyWhenTheHostCanOpenUrls() {
        try (McpRuntime runtime = Interact.start(new ScriptedHost(true, true), Map.of(), chaos("plain"))) {
            assertEquals(json("{'elicitation':{'form':{},'url':{}}}"), stats(runtime, "plain").get("capabilities"));
        }
    }
}
