package dev.tether.mcp;

import static dev.tether.mcp.ContentFixtures.allSentIsTraced;
import static dev.tether.mcp.ContentFixtures.requests;
import static dev.tether.mcp.ContentFixtures.tracedReference;
import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.content.ContentCatalog;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.Part;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resources and templates of the reference server: one committed catalog, checked reads, bounded results. */
class ResourceReadTest {
    private static Path trace;
    private static Path artifacts;
    private static McpRuntime runtime;
    private static List<Tool> tools;
    @TempDir
    static Path scratch;

    @BeforeAll
    static void start() throws Exception {
        trace = scratch.resolve("orders-trace.jsonl");
        Files.createFile(trace);
        artifacts = scratch.resolve("artifacts").resolve("a");
        runtime = McpRuntime.start(List.of(tracedReference("orders", trace)),
                options().withArtifactDir(artifacts).withMaxInlineTextChars(100), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT);
        tools = runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
    }

    @AfterAll
    static void stop() {
        runtime.close();
    }

    private static String text(ToolOutcome out) {
        return ((Part.Text) out.forModel().getFirst()).text();
    }

    private static ToolOutcome read(String uri) throws ToolError {
        return tool(tools, "mcp_read_resource").run(Json.object().put("server", "orders").put("uri", uri),
                context("r", Cancellation.root(), null));
    }

    @Test
    void resourcesAndTemplatesAreCommittedTogetherWithTheirOwnRevisionAndCounted() {
        ContentCatalog catalog = ContentFixtures.resources(runtime, "orders");
        assertEquals(List.of("orders://catalog", "orders://logo.png"), catalog.resources().stream().map(r -> r.uri()).sorted().toList());
        assertEquals(List.of("orders://order/{id}"), catalog.templates().stream().map(t -> t.uriTemplate()).toList());
        assertEquals(1, catalog.revision());
        ServerStatus status = runtime.status().getFirst();
        assertEquals(List.of(5, 2, 1, 2), List.of(status.toolCount(), status.resourceCount(), status.templateCount(),
                status.promptCount()));
        assertEquals(1, status.catalogRevision());
    }

    @Test
    void theContentToolsAreReadOnlyAndProjectedBesideTheServersTools() {
        assertEquals(ToolTraits.Category.READ, tool(tools, "mcp_list_resources").traits().category());
        assertEquals(ToolTraits.Category.READ, tool(tools, "mcp_read_resource").traits().category());
        assertEquals(ToolTraits.Category.READ, tool(tools, "mcp_complete").traits().category());
    }

    @Test
    void anUndeclaredUriIsRefusedBeforeAnyRequest() throws Exception {
        long before = requests(trace, "resources/read");
        ToolError.TellModel refused = assertThrows(ToolError.TellModel.class, () -> read("file:///etc/passwd"));
        assertTrue(refused.getMessage().startsWith("refused to read \"file:///etc/passwd\""), refused.getMessage());
        assertThrows(ToolError.TellModel.class, () -> read("orders://order/A-1/../../x"));
        allSentIsTraced(runtime, "orders");
        assertEquals(before, requests(trace, "resources/read"));
    }

    @Test
    void aUriMatchingTheTemplateIsRead() throws Exception {
        assertEquals("[resource orders://order/A-1002 (text/plain)]\nA-1002 — Alan Turing — shipped — 3 × SKU-BOOK",
                text(read("orders://order/A-1002")), "inline below the budget");
    }

    @Test
    void textBeyondTheBudgetBecomesAnArtifactWithHeadHashAndSize() throws Exception {
        String text = text(read("orders://catalog"));
        assertTrue(text.startsWith("[resource orders://catalog (text/plain)]"), text);
        assertTrue(text.contains("artifact:"), text);
        assertTrue(text.contains("sha256"), text);
        assertTrue(!text.contains(artifacts.toString()), "never a path");
    }

    @Test
    void aBlobIsProvenanceOnly() throws Exception {
        ToolOutcome out = read("orders://logo.png");
        assertEquals(1, out.forModel().size(), "no image part, no base64");
        String text = text(out);
        // The provenance line is longer than this test's tiny budget, so only its head is inline.
        assertTrue(text.startsWith("[resource orders://logo.png: image/png, 70 bytes, sha256 "), text);
    }
}
