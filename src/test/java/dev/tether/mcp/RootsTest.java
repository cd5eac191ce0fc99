package dev.tether.mcp;

import static dev.tether.mcp.Interact.ask;
import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.Interact.policy;
import static dev.tether.mcp.Interact.stats;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.testing.Waits;
import dev.tether.testing.mcp.ScriptedHost;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Roots go only to servers whose config opts in, and only they hear that the roots changed. */
class RootsTest {

    @Test
    void onlyOptedInServersSeeRootsAndTheirChanges(@TempDir Path dir) throws Exception {
        ScriptedHost host = new ScriptedHost(false, false).withRoots(List.of(dir));
        try (McpRuntime runtime = Interact.start(host, Map.of("opted", policy(true, false, null)), chaos("opted"), chaos("other"))) {
            assertEquals(json("{'result':{'roots':[{'uri':'" + dir.toUri() + "','name':'" + dir.getFileName() + "'}]}}"),
                    ask(runtime, "opted", "roots/list", json("{}")));
            assertEquals(json("{'error':{'code':-32601,'message':'roots/list is not offered by this client'}}"),
                    ask(runtime, "other", "roots/list", json("{}")));
            runtime.rootsChanged();
            Waits.eventually(Duration.ofSeconds(5), () -> stats(runtime, "opted").path("rootsChanged").asInt() >= 1,
                    "the opted-in server to hear that the roots changed");
            assertEquals(1, stats(runtime, "opted").path("rootsChanged").asInt());
            assertEquals(0, stats(runtime, "other").path("rootsChanged").asInt());
        }
    }
}
