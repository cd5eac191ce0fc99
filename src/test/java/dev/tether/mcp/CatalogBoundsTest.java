package dev.tether.mcp;

import static dev.tether.mcp.McpCalls.args;
import static dev.tether.mcp.McpCalls.text;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static org.junit.jupiter.api.Assertions.*;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.api.ServerStatus.State;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.catalog.Catalog;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CatalogBoundsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "pages     | tools/list needed more than 50 pages",
            "cursor    | tools/list repeated the cursor \"same\"",
            "duplicate | tools/list listed \"echo\" twice",
            "items     | tools/list listed more than 2000 items",
            "bytes     | tools/list sent more than 8388608 bytes of JSON"})
    void aFetchPastABoundFailsWholeAndTheLastGoodCatalogStays(String mode, String reason) {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("cat")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            List<Tool> before = runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            ServerStatus good = runtime.status().getFirst();
            text(runtime, "cat", "set_catalog", args("mode", mode));

            McpError e = assertThrows(McpError.Refused.class, () -> runtime.refresh("cat", Cancellation.root()));
            assertEquals(reason, e.getMessage());
            assertSame(before, runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()), "nothing was committed");
            assertEquals(good, runtime.status().getFirst());
        }
    }

    @Test
    void aFirstFetchPastABoundFailsTheServer() {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("cat", "--catalog", "duplicate")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            assertEquals(List.of(), runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root()));
            ServerStatus status = runtime.status().getFirst();
            assertEquals(State.FAILED, status.state());
            assertEquals("tools/list listed \"echo\" twice", status.reason());
        }
    }

    @Test
    void aManualRefreshCommitsANewCatalogWithTheNextRevision() {
        try (McpRuntime runtime = McpRuntime.start(List.of(chaos("cat")), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            runtime.awaitTools(Duration.ofSeconds(20), Cancellation.root());
            text(runtime, "cat", "set_catalog", args("mode", "v7"));
            Catalog<McpToolInfo> fresh = runtime.refresh("cat", Cancellation.root());
            assertEquals(2, fresh.revision());
            assertEquals("gen_7", fresh.items().getLast().name());
            assertTrue(runtime.tools().stream().anyMatch(t -> t.definition().name().equals("mcp__cat__gen_7")));
        }
    }
}
