package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.java;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.reference.ReferenceServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ReferenceServerHttpTest {

    @Test
    void theReferenceServerRoundTripsOverStreamableHttp() throws Exception {
        Process server = new ProcessBuilder(java(), "-cp", System.getProperty("java.class.path"),
                ReferenceServer.class.getName(), "--http", "--port", "0").redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String url = null;
            BufferedReader err = new BufferedReader(new InputStreamReader(server.getErrorStream(), StandardCharsets.UTF_8));
            for (String line; url == null && (line = err.readLine()) != null; ) {
                Matcher m = Pattern.compile("^listening on (http://127\\.0\\.0\\.1:\\d+/mcp)$").matcher(line);
                if (m.find()) {
                    url = m.group(1);
                }
            }
            assertTrue(url != null, "the server printed its address");
            McpServerSpec spec = new McpServerSpec.Http("orders", url, Map.of());
            try (McpRuntime runtime = McpRuntime.start(List.of(spec), options(), McpRuntimeListener.NONE,
                    McpConnectionSettings.DEFAULT)) {
                assertEquals(List.of("mcp__orders__list_orders", "mcp__orders__get_order", "mcp__orders__cancel_order",
                                "mcp__orders__create_order"),
                        runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()).stream().map(t -> t.definition().name()).toList());
                assertEquals("A-1002 — Alan Turing — shipped — 3 × SKU-BOOK", text(runtime, "orders", "get_order", args("id", "A-1002")));
                assertEquals("2025-11-25", runtime.status().getFirst().protocolVersion());
            }
        } finally {
            server.destroyForcibly().waitFor();
        }
    }
}
