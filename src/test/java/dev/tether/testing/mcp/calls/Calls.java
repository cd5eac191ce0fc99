package dev.tether.testing.mcp.calls;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.model.Part;
import dev.tether.tools.ToolOutcome;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Small builders for call and result tests that need no server. */
public final class Calls {
    private Calls() {}

    public static McpToolInfo tool(String name, McpToolInfo.Hints hints) {
        return new McpToolInfo(name, null, "Does " + name, Json.parse("{\"type\":\"object\"}"), null,
                hints == null ? McpToolInfo.Hints.NONE : hints);
    }

    public static McpToolInfo.Hints hints(Boolean readOnly, Boolean destructive, Boolean idempotent, Boolean openWorld) {
        return new McpToolInfo.Hints(null, readOnly, destructive, idempotent, openWorld);
    }

    public static McpCallResult text(String... texts) {
        return new McpCallResult(List.of(texts).stream().<McpContent>map(McpContent.Text::new).toList(), null, false);
    }

    public static McpCallResult result(JsonNode structured, McpContent... content) {
        return new McpCallResult(List.of(content), structured, false);
    }

    /** The single text part the model got. */
    public static String modelText(ToolOutcome outcome) {
        return outcome.forModel().stream().filter(p -> p instanceof Part.Text).map(p -> ((Part.Text) p).text())
                .reduce((a, b) -> a + "\n" + b).orElseThrow(() -> new AssertionError("no text part in " + outcome.forModel()));
    }
}
