package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.javaServer;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.Part;
import dev.tether.reference.ReferenceServer;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits.Category;
import dev.tether.tools.ToolTraits;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

class ReferenceServerRuntimeTest {
    private static McpRuntime runtime;
    private static List<Tool> tools;

    @BeforeAll
    static void start() {
        // The user trusts this server's annotations, so its readOnlyHint makes get_order a read.
        runtime = McpRuntime.start(List.of(javaServer("orders", ReferenceServer.class, Map.of(), "stdio")),
                options().withPolicies(Map.of("orders", TestSettings.trustingAnnotations())),
                McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT);
        tools = runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void toolsAreProjectedWithNamesAndTraitsFromTheirAnnotations() {
        assertEquals(List.of("mcp__orders__list_orders", "mcp__orders__get_order", "mcp__orders__cancel_order",
                "mcp__orders__create_order", "mcp__orders__touch_order", "mcp_list_resources", "mcp_read_resource", "mcp_complete"), tools.stream().map(t -> t.definition().name()).toList());
        assertEquals(new ToolTraits(ToolKind.READ, Category.READ, false, "orders"), tool(tools, "mcp__orders__get_order").traits());
        assertEquals(new ToolTraits(ToolKind.OTHER, Category.EXTERNAL, true, "orders"), tool(tools, "mcp__orders__cancel_order").traits());
        assertEquals(new ToolTraits(ToolKind.OTHER, Category.EXTERNAL, false, "orders"), tool(tools, "mcp__orders__create_order").traits());
        assertEquals("Returns one order by id.\n[read-only] [idempotent]", tool(tools, "mcp__orders__get_order").definition().description());
        assertEquals("object", tool(tools, "mcp__orders__get_order").definition().inputSchema().path("type").asString());
        assertEquals(ToolCallView.of("orders: Get an order", ToolKind.READ),
                tool(tools, "mcp__orders__get_order").describe(JsonNodeFactory.instance.objectNode(), null));
        ServerStatus status = runtime.status().getFirst();
        assertEquals(new ServerStatus("orders", ServerStatus.State.READY, null, 5, "2025-11-25", 1, 1, 2, 1, 2), status);
    }

    @Test
    void aCallRoundTripsAndAnUnknownOrderIsAnErrorResultTheModelReads() throws Exception {
        ToolOutcome found = tool(tools, "mcp__orders__get_order").run(
                JsonNodeFactory.instance.objectNode().put("id", "A-1002"), context("c1", Cancellation.root(), null));
        assertEquals(List.of(new Part.Text("A-1002 — Alan Turing — shipped — 3 × SKU-BOOK")), found.forModel());
        assertFalse(found.isError());

        ToolOutcome missing = tool(tools, "mcp__orders__get_order").run(
                JsonNodeFactory.instance.objectNode().put("id", "Z-1"), context("c2", Cancellation.root(), null));
        assertTrue(missing.isError());
        assertEquals(List.of(new Part.Text("no order with id Z-1")), missing.forModel());
    }
}
