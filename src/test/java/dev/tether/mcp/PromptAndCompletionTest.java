package dev.tether.mcp;

import static dev.tether.mcp.ContentFixtures.allSentIsTraced;
import static dev.tether.mcp.ContentFixtures.requests;
import static dev.tether.mcp.ContentFixtures.tracedReference;
import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.content.CompletionRef;
import dev.tether.mcp.content.McpCompletion;
import dev.tether.mcp.content.McpPromptInfo;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Prompts (listing, validation before any request, message mapping) and completion bound to the catalog. */
class PromptAndCompletionTest {
    private static Path trace;
    private static McpRuntime runtime;
    private static List<Tool> tools;

    @BeforeAll
    static void start() throws Exception {
        trace = Files.createTempFile("orders-trace", ".jsonl");
        runtime = McpRuntime.start(List.of(tracedReference("orders", trace)), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT);
        tools = runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    @Test
    void promptsAreListedWithTheirArguments() {
        McpPromptInfo summarize = runtime.prompts().stream().filter(p -> p.name().equals("summarize_order")).findFirst().orElseThrow();
        assertEquals(new McpPromptInfo("orders", "summarize_order", null, "Summarise one order", List.of(
                new McpPromptInfo.Argument("id", "The order id, e.g. A-1001", true),
                new McpPromptInfo.Argument("tone", "friendly or formal", false))), summarize);
        assertEquals(List.of("daily_report", "summarize_order"), runtime.prompts().stream().map(McpPromptInfo::name).sorted().toList());
    }

    @Test
    void badArgumentsAreRefusedBeforeAnyRequest() throws Exception {
        Map<String, Map<String, String>> bad = Map.of(
                "has no argument \"colour\"", Map.of("id", "A-1001", "colour", "red"),
                "needs \"id\"", Map.of("tone", "formal"),
                "\"__proto__\" is not allowed", Map.of("id", "A-1001", "__proto__", "x"),
                "\"constructor\" is not allowed", Map.of("id", "A-1001", "constructor", "x"));
        for (var entry : bad.entrySet()) {
            McpError e = assertThrows(McpError.Refused.class,
                    () -> runtime.getPrompt("orders", "summarize_order", entry.getValue(), Cancellation.root()));
            assertTrue(e.getMessage().contains(entry.getKey()), e.getMessage());
        }
        assertThrows(McpError.Refused.class, () -> runtime.getPrompt("orders", "nope", Map.of(), Cancellation.root()));
        assertThrows(McpError.Refused.class, () -> runtime.getPrompt("nobody", "summarize_order", Map.of(), Cancellation.root()));
        allSentIsTraced(runtime, "orders");
        assertEquals(0, requests(trace, "prompts/get"));
    }

    @Test
    void messagesAreMappedWithTheEmbeddedResourceAndTheImage() {
        List<ModelMessage> summary = runtime.getPrompt("orders", "summarize_order", Map.of("id", "A-1003", "tone", "formal"),
                Cancellation.root());
        assertEquals(List.of(
                ModelMessage.user(List.of(new Part.Text("Summarise this order for a customer email in a formal tone:"))),
                ModelMessage.user(List.of(new Part.Text("[resource orders://order/A-1003 (text/plain)]\n"
                        + "A-1003 — Grace Hopper — open — 4 × SKU-MUG")))), summary);

        List<ModelMessage> report = runtime.getPrompt("orders", "daily_report", Map.of(), Cancellation.root());
        assertEquals(2, report.size());
        assertTrue(((Part.Text) report.getFirst().parts().getFirst()).text().contains("A-1005"));
        assertInstanceOf(Part.Image.class, report.get(1).parts().getFirst());
    }

    @Test
    void completionIsBoundToTheCatalog() throws Exception {
        assertEquals(new McpCompletion(List.of("A-1001", "A-1002", "A-1003", "A-1004", "A-1005"), 5, false),
                runtime.complete("orders", new CompletionRef.Prompt("summarize_order"), "id", "A-10", Map.of(), Cancellation.root()));
        assertEquals(List.of("A-1004"), runtime.complete("orders", new CompletionRef.ResourceTemplate("orders://order/{id}"),
                "id", "A-1004", Map.of(), Cancellation.root()).values());
        long before = requests(trace, "completion/complete");
        assertThrows(McpError.Refused.class, () -> runtime.complete("orders", new CompletionRef.Prompt("nope"), "id", "",
                Map.of(), Cancellation.root()));
        assertThrows(McpError.Refused.class, () -> runtime.complete("orders", new CompletionRef.Prompt("summarize_order"),
                "colour", "", Map.of(), Cancellation.root()));
        assertThrows(McpError.Refused.class, () -> runtime.complete("orders", new CompletionRef.ResourceTemplate("orders://x/{id}"),
                "id", "", Map.of(), Cancellation.root()));
        assertThrows(McpError.Refused.class, () -> runtime.complete("orders", new CompletionRef.ResourceTemplate("orders://order/{id}"),
                "sku", "", Map.of(), Cancellation.root()));
        allSentIsTraced(runtime, "orders");
        assertEquals(before, requests(trace, "completion/complete"));
    }

    @Test
    void theCompletionToolListsCandidatesAndRefusesUnknownRefs() throws Exception {
        var input = Json.object().put("server", "orders");
        input.putObject("ref").put("type", "resource_template").put("uri", "orders://order/{id}");
        input.putObject("argument").put("name", "id").put("value", "A-100");
        String text = ((Part.Text) tool(tools, "mcp_complete").run(input, context("c", Cancellation.root(), null))
                .forModel().getFirst()).text();
        assertEquals("Candidates (5):\n- A-1001\n- A-1002\n- A-1003\n- A-1004\n- A-1005\n(total: 5, hasMore: false)", text);
        input.putObject("ref").put("type", "prompt").put("name", "missing");
        assertThrows(ToolError.TellModel.class, () -> tool(tools, "mcp_complete").run(input, context("c", Cancellation.root(), null)));
    }
}
