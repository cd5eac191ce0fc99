package dev.tether.mcp;

import static dev.tether.mcp.Interact.ask;
import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.Interact.policy;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.testing.mcp.ScriptedHost;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Roots go only to servers whose config opts in. */
class RootsTest {

    @Test
    void onlyOptedInServersSeeRoots(@TempDir Path dir) throws Exception {
        ScriptedHost host = new ScriptedHost(false, false).withRoots(List.of(dir));
        try (McpRuntime runtime = Interact.start(host, Map.of("opted", policy(true, false, null)), chaos("opted"), chaos("other"))) {
            assertEquals(json("{'result':{'roots':[{'uri':'" + dir.toUri() + "','name':'" + dir.getFileName() + "'}]}}"),
                    ask(runtime, "opted", "roots/list", json("{}")));
            assertEquals(json("{'error':{'code':-32601,'message':'roots/list is not offered by this client'}}"),
                    ask(runtime, "other", "roots/list", json("{}")));
        }
    }
}
