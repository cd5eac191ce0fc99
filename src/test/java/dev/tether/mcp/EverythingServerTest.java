package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.everything;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.ServerStatus;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.model.Part;
import dev.tether.testing.mcp.EverythingHttp;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolOutcome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/** Against {@code @modelcontextprotocol/server-everything} under conformance/, over stdio, streamable HTTP and legacy HTTP+SSE. */
class EverythingServerTest {

    @Test
    void overStdio() throws Exception {
        Path index = everything();
        assumeTrue(index != null, "server-everything is not installed under conformance/");
        McpServerSpec spec = new McpServerSpec.Stdio("everything", "node", List.of(index.toString(), "stdio"), Map.of(), null);
        try (McpRuntime runtime = McpRuntime.start(List.of(spec), options(), McpRuntimeListener.NONE,
                McpConnectionSettings.DEFAULT)) {
            exercise(runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root()));
        }
    }

    @Test
    void overStreamableHttp() throws Exception {
        Path index = everything();
        assumeTrue(index != null, "server-everything is not installed under conformance/");
        try (EverythingHttp server = EverythingHttp.start(index, "streamableHttp")) {
            McpServerSpec spec = new McpServerSpec.Http("everything", server.url("/mcp"), Map.of());
            try (McpRuntime runtime = McpRuntime.start(List.of(spec), options(), McpRuntimeListener.NONE,
                    McpConnectionSettings.DEFAULT)) {
                exercise(runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root()));
                assertEquals("2025-11-25", runtime.status().getFirst().protocolVersion());
            }
        }
    }

    /** The legacy HTTP+SSE transport (GET /sse, POST /message): the same tools work through it. */
    @Test
    void overLegacySse() throws Exception {
        Path index = everything();
        assumeTrue(index != null, "server-everything is not installed under conformance/");
        try (EverythingHttp server = EverythingHttp.start(index, "sse")) {
            McpServerSpec spec = new McpServerSpec.Sse("everything", server.url("/sse"), Map.of());
            try (McpRuntime runtime = McpRuntime.start(List.of(spec), options(), McpRuntimeListener.NONE,
                    McpConnectionSettings.DEFAULT)) {
                exercise(runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root()));
                assertEquals(ServerStatus.State.READY, runtime.status().getFirst().state());
                assertNotNull(runtime.status().getFirst().protocolVersion(), "negotiated as the server answered");
            }
        }
    }

    private static void exercise(List<Tool> tools) throws Exception {
        var json = JsonNodeFactory.instance;
        ToolOutcome echo = tool(tools, "mcp__everything__echo").run(json.objectNode().put("message", "hi"), ctx());
        assertEquals(List.of(new Part.Text("Echo: hi")), echo.forModel());

        ToolOutcome sum = tool(tools, "mcp__everything__get-sum").run(json.objectNode().put("a", 2).put("b", 40), ctx());
        assertTrue(((Part.Text) sum.forModel().getFirst()).text().contains("42"), sum.forModel().toString());

        ToolOutcome image = tool(tools, "mcp__everything__get-tiny-image").run(json.objectNode(), ctx());
        Part.Image picture = image.forModel().stream().filter(Part.Image.class::isInstance).map(Part.Image.class::cast)
                .findFirst().orElseThrow();
        assertEquals("image/png", picture.mimeType());
        assertTrue(image.forModel().stream().noneMatch(p -> p instanceof Part.Text t && t.text().contains(picture.base64())));

        ToolOutcome structured = tool(tools, "mcp__everything__get-structured-content")
                .run(json.objectNode().put("location", "New York"), ctx());
        assertNotNull(structured.rawOutput());
        assertTrue(structured.rawOutput().has("temperature"), structured.rawOutput().toString());
    }

    private static dev.tether.tools.ToolContext ctx() {
        return context("c", Cancellation.root(), null);
    }
}
