package dev.tether.mcp.projection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.ArtifactStore;
import dev.tether.mcp.call.ResultLimits;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.Part;
import dev.tether.model.ProviderSettings;
import dev.tether.model.ThinkingLevel;
import dev.tether.model.ToolSchemaFit;
import dev.tether.model.anthropic.AnthropicProvider;
import dev.tether.model.http.ModelHttp;
import dev.tether.model.openai.OpenAiProvider;
import dev.tether.testing.model.RecordingEvents;
import dev.tether.testing.model.ScriptedModelServer;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server's input schema, through Tether's projection, reaches the model's request exactly as
 * the server wrote it, 2020-12 keywords and references included, for both providers; only root
 * keywords a provider's API refuses move into the description, and the tool keeps them.
 */
class ToolSchemaReachesModelTest {
    /** Everything 2020-12 offers that a projection might be tempted to drop, flatten or resolve. */
    static final JsonNode RICH = Json.parse("""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"urn:example:order","type":"object",
             "$defs":{"address":{"$anchor":"addressDef","type":"object","properties":{"city":{"type":"string"}}},
                      "node":{"$dynamicAnchor":"node","type":"object","properties":{"kids":{"type":"array","items":{"$dynamicRef":"#node"}}}}},
             "properties":{"ship":{"$ref":"#/$defs/address"},"bill":{"$ref":"#addressDef"},"tree":{"$ref":"#/$defs/node"},
                           "pair":{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"items":false},
                           "kind":{"const":"order"},"profile":{"$ref":"https://example.invalid/profile.json"},
                           "card":{"type":"string"},"cvc":{"type":"string","pattern":"^[0-9]{3,4}$"},
                           "meta":{"type":"object","patternProperties":{"^x-":{"type":"string"}},"propertyNames":{"maxLength":20}}},
             "dependentSchemas":{"card":{"required":["cvc"]}},"dependentRequired":{"bill":["ship"]},
             "if":{"properties":{"kind":{"const":"order"}}},"then":{"required":["ship"]},"else":{"required":[]},
             "unevaluatedProperties":false,"required":["kind"]}""");
    /** The conformance suite's fixture: composition keywords at the root, which neither API takes there. */
    static final JsonNode ROOT_COMPOSITION = Json.parse("""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
             "$defs":{"address":{"$anchor":"addressDef","type":"object","properties":{"street":{"type":"string"}}}},
             "properties":{"address":{"$ref":"#/$defs/address"},"phone":{"type":"string"},"email":{"type":"string"}},
             "allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],
             "if":{"properties":{"phone":{"const":""}}},"then":{"required":["email"]},"else":{},
             "additionalProperties":false}""");

    private final ScriptedModelServer server = ScriptedModelServer.start();
    private final ToolProjection projection = new ToolProjection(new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none()));

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void theAnthropicRequestCarriesTheServersSchemaUnchanged() throws Exception {
        McpTool tool = project("place_order", RICH);
        assertEquals(RICH, tool.definition().inputSchema());
        JsonNode sent = send(anthropic(), tool).path("tools").get(0);
        assertEquals(RICH, sent.get("input_schema"));
        assertEquals("Places an order", sent.get("description").asString());
    }

    @Test
    void theOpenAiRequestCarriesTheServersSchemaUnchanged() throws Exception {
        McpTool tool = project("place_order", RICH);
        JsonNode sent = send(openAi(), tool).path("tools").get(0).path("function");
        assertEquals(RICH, sent.get("parameters"));
        assertEquals("Places an order", sent.get("description").asString());
    }

    @Test
    void rootCompositionMovesIntoTheDescriptionForTheProviderOnly() throws Exception {
        McpTool tool = project("contact", ROOT_COMPOSITION);
        assertEquals(ROOT_COMPOSITION, tool.definition().inputSchema(), "the tool keeps its whole schema");
        JsonNode expected = ROOT_COMPOSITION.deepCopy();
        ((ObjectNode) expected).remove("allOf");
        String note = "Places an order\nThe arguments must also satisfy: {\"allOf\":[{\"anyOf\":[{\"required\":[\"phone\"]},{\"required\":[\"email\"]}]}]}";

        JsonNode anthropic = send(anthropic(), tool).path("tools").get(0);
        assertEquals(expected, anthropic.get("input_schema"));
        assertEquals(note, anthropic.get("description").asString());
        assertFalse(anthropic.get("input_schema").has("allOf"));

        JsonNode openAi = send(openAi(), tool).path("tools").get(0).path("function");
        assertEquals(expected, openAi.get("parameters"));
        assertEquals(note, openAi.get("description").asString());
    }

    @Test
    void aSchemaWithoutARootTypeIsSentAsAnObject() throws Exception {
        JsonNode untyped = Json.parse("{\"properties\":{\"q\":{\"type\":\"string\"}},\"anyOf\":[{\"required\":[\"q\"]}]}");
        McpTool tool = project("search", untyped);
        JsonNode parameters = send(openAi(), tool).path("tools").get(0).path("function").get("parameters");
        assertEquals(Json.parse("{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"string\"}}}"), parameters);
        assertTrue(parameters.propertyNames().iterator().next().equals("type"));
    }

    @Test
    void aRootTypeOtherThanObjectIsSentAsAnObjectWithTheTypeInTheDescription() throws Exception {
        // A server's bug (or malice): neither API takes it, and it would fail every request of the session.
        for (String type : List.of("\"array\"", "[\"object\",\"null\"]", "12")) {
            McpTool tool = project("odd", Json.parse("{\"type\":" + type + ",\"items\":{\"type\":\"string\"}}"));
            JsonNode anthropic = send(anthropic(), tool).path("tools").get(0);
            assertEquals(Json.parse("{\"type\":\"object\",\"items\":{\"type\":\"string\"}}"), anthropic.get("input_schema"), type);
            assertEquals("Places an order\nThe arguments must also satisfy: {\"type\":" + type + "}", anthropic.get("description").asString());
            JsonNode openAi = send(openAi(), tool).path("tools").get(0).path("function");
            assertEquals("object", openAi.get("parameters").get("type").asString(), type);
        }
    }

    @Test
    void aSchemaThatNeedsNothingIsTheSameInstance() {
        McpTool tool = project("place_order", RICH);
        assertSame(tool.definition().inputSchema(), ToolSchemaFit.fit(tool.definition(), ToolSchemaFit.ANTHROPIC).schema());
        assertSame(tool.definition().inputSchema(), ToolSchemaFit.fit(tool.definition(), ToolSchemaFit.OPENAI).schema());
    }

    private McpTool project(String name, JsonNode schema) {
        return projection.project("shop", List.of(new McpToolInfo(name, null, "Places an order", schema, null, McpToolInfo.Hints.NONE)),
                McpServerPolicy.DEFAULT, (t, a, r, c, p) -> null, new HashSet<>()).getFirst();
    }

    private ModelProvider anthropic() {
        server.sse("anthropic-final.sse");
        return new AnthropicProvider(new ProviderSettings("anthropic", "claude-sonnet-4-5", "sk-ant-test-key", server.baseUrl(),
                "2023-06-01", null, null, null, true, null, 1024), ModelHttp.newClient());
    }

    private ModelProvider openAi() {
        server.sse("openai-final.sse");
        return new OpenAiProvider(new ProviderSettings("openai", "gpt-4o-mini", null, null, null, null, "sk-openai-test-key",
                server.baseUrl() + "/v1/", true, null, 1024), ModelHttp.newClient());
    }

    private JsonNode send(ModelProvider provider, McpTool tool) throws Exception {
        int before = server.requests().size();
        provider.stream(new ModelRequest(null, null, List.of(ModelMessage.user(List.of(new Part.Text("order it")))),
                List.of(tool.definition()), 256, ThinkingLevel.OFF), new RecordingEvents(), Cancellation.root());
        return server.request(before).body();
    }
}
