package dev.tether.mcp.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.ResultLimits;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.mcp.settings.McpServerPolicy;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Everything a server lists — names, titles, descriptions, schema keys and values — is sanitised; huge schemas are replaced. */
class ToolSchemaSanitizingTest {
    private final ToolProjection projection = new ToolProjection(new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none()));

    private McpTool project(McpToolInfo info) {
        return projection.project("srv", List.of(info), McpServerPolicy.DEFAULT, (t, a, r, c, p) -> null, new HashSet<>()).getFirst();
    }

    @Test
    void invisibleAndBidiCharactersAreRemovedFromSchemaKeysAndValues() {
        JsonNode schema = Json.parse("""
                {"type":"object","properties":{
                  "pa\\u200Bth":{"type":"string","description":"a file\\u202E gnp.exe"},
                  "mode":{"enum":["r\\u2066ead","wri\\uFEFFte"]}},
                 "required":["pa\\u200Bth"]}""");
        McpTool tool = project(new McpToolInfo("ed\u200Bit", "T\u202Eitle", "Edits\u2067 files\uE000", schema, schema,
                McpToolInfo.Hints.NONE));
        assertEquals(Json.parse("""
                {"type":"object","properties":{
                  "path":{"type":"string","description":"a file gnp.exe"},
                  "mode":{"enum":["read","write"]}},
                 "required":["path"]}"""), tool.definition().inputSchema());
        assertEquals("Edits files\nReturns: {path: string, mode?: \"read\"|\"write\"}", tool.definition().description());
        assertEquals("srv: Title", tool.describe(Json.object(), null).title(), "sanitised, and naming the server");
        assertEquals("edit", tool.auditInfo().path("tool").asString());
    }

    @Test
    void keysThatCleanToTheSameTextKeepTheFirstValue() {
        JsonNode schema = Json.parse("{\"type\":\"object\",\"properties\":{\"cmd\":{\"type\":\"string\"},\"c\\u200Bmd\":{\"type\":\"number\"}}}");
        McpTool tool = project(new McpToolInfo("t", null, "d", schema, null, McpToolInfo.Hints.NONE));
        assertEquals(Json.parse("{\"type\":\"object\",\"properties\":{\"cmd\":{\"type\":\"string\"}}}"), tool.definition().inputSchema());
    }

    @Test
    void aSchemaOverTheSizeOrDepthBoundIsReplacedByAnOpenObject() {
        ObjectNode huge = Json.object().put("type", "object");
        ObjectNode props = huge.putObject("properties");
        for (int i = 0; i < 2000; i++) {
            props.putObject("field_" + i).put("type", "string").put("description", "x".repeat(30));
        }
        ObjectNode deep = Json.object();
        ObjectNode cursor = deep;
        for (int i = 0; i < ToolProjection.MAX_SCHEMA_DEPTH + 1; i++) {
            cursor = cursor.putObject("properties").putObject("p");
        }
        JsonNode open = Json.parse("{\"type\":\"object\"}");
        assertTrue(Json.write(huge).length() > ToolProjection.MAX_SCHEMA_SIZE);
        assertEquals(open, project(new McpToolInfo("big", null, "d", huge, null, McpToolInfo.Hints.NONE)).definition().inputSchema());
        assertEquals(open, project(new McpToolInfo("deep", null, "d", deep, null, McpToolInfo.Hints.NONE)).definition().inputSchema());
        assertEquals(open, project(new McpToolInfo("none", null, "d", null, null, McpToolInfo.Hints.NONE)).definition().inputSchema());
    }

    @Test
    void theOutputSchemaSummaryIsCutAt1500Characters() {
        ObjectNode schema = Json.object().put("type", "object");
        ObjectNode props = schema.putObject("properties");
        for (int i = 0; i < 300; i++) {
            props.putObject("value_" + i).put("type", "number");
        }
        String description = project(new McpToolInfo("many", null, "Many values.", null, schema,
                new McpToolInfo.Hints(null, true, null, null, null))).definition().description();
        String returns = description.substring(description.indexOf("\nReturns: ") + "\nReturns: ".length());
        assertTrue(description.startsWith("Many values.\n[read-only]\nReturns: {value_0?: number, value_1?: number"), description);
        assertEquals(1500, returns.length());
        assertTrue(returns.endsWith("…"));
    }
}
