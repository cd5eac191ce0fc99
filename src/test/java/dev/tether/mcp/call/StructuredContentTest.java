package dev.tether.mcp.call;

import static dev.tether.testing.mcp.calls.Calls.modelText;
import static dev.tether.testing.mcp.calls.Calls.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.tools.ToolOutcome;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** structuredContent: appended once, validated against outputSchema without ever losing the result, audited. */
class StructuredContentTest {
    private final ResultMapper mapper = new ResultMapper(ResultLimits.DEFAULT, ArtifactStore.none());
    private static final JsonNode WEATHER = Json.parse("{\"temperature\":21.5,\"conditions\":\"sunny\"}");
    private static final OutputSchema SCHEMA = new OutputSchema(Json.parse("""
            {"type":"object","properties":{"temperature":{"type":"number"},"conditions":{"type":"string"}},
             "required":["temperature","conditions"]}"""));

    @Test
    void textThatAlreadyHoldsTheSameJsonIsNotRepeated() {
        ToolOutcome out = mapper.map(result(WEATHER, new McpContent.Text("{\n  \"conditions\": \"sunny\",\n  \"temperature\": 21.5\n}")), SCHEMA);
        assertEquals("{\n  \"conditions\": \"sunny\",\n  \"temperature\": 21.5\n}", modelText(out));
    }

    @Test
    void differentTextGetsTheStructuredResultAppendedAsJson() {
        ToolOutcome out = mapper.map(result(WEATHER, new McpContent.Text("It is sunny.")), SCHEMA);
        assertEquals("It is sunny.\n{\"temperature\":21.5,\"conditions\":\"sunny\"}", modelText(out));
        assertEquals(WEATHER, out.rawOutput());
        assertEquals(Json.parse("""
                {"validationErrors":[],"structuredResult":{"temperature":21.5,"conditions":"sunny"},"isError":false,
                 "contentTypes":["text"]}"""), out.audit());
    }

    @Test
    void aResultThatMissesItsSchemaIsRecordedAndStillReachesTheModel() {
        JsonNode wrong = Json.parse("{\"temperature\":\"warm\"}");
        ToolOutcome out = mapper.map(result(wrong), SCHEMA);
        assertEquals("{\"temperature\":\"warm\"}", modelText(out));
        List<String> errors = Json.mapper().convertValue(out.audit().get("validationErrors"), List.class);
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.contains("temperature") && e.contains("number")), errors.toString());
        assertTrue(errors.stream().anyMatch(e -> e.contains("conditions")), errors.toString());
        assertEquals(wrong, out.audit().get("structuredResult"));
    }

    @Test
    void aDraft07SchemaIsReadAsDraft07() {
        // "prefixItems" is a 2020-12 keyword; draft-07 does not know it.
        OutputSchema draft7 = new OutputSchema(Json.parse("""
                {"$schema":"http://json-schema.org/draft-07/schema#","prefixItems":[{"type":"string"}]}"""));
        assertEquals(List.of(), draft7.validate(Json.parse("[1]")));
        OutputSchema modern = new OutputSchema(Json.parse("{\"prefixItems\":[{\"type\":\"string\"}]}"));
        assertEquals(1, modern.validate(Json.parse("[1]")).size());
    }

    @Test
    void aRemoteRefIsNeverFetchedAndIsReportedInstead() {
        OutputSchema remote = new OutputSchema(Json.parse("{\"$ref\":\"http://127.0.0.1:9/never.json\"}"));
        List<String> errors = remote.validate(Json.object());
        assertEquals(1, errors.size(), errors.toString());
    }

    @Test
    void aMissingStructuredResultIsAValidationErrorButNotForErrorResults() {
        ToolOutcome plain = mapper.map(result(null, new McpContent.Text("sunny")), SCHEMA);
        assertEquals(List.of("structuredContent is missing although the tool declares an outputSchema"),
                Json.mapper().convertValue(plain.audit().get("validationErrors"), List.class));
        ToolOutcome failed = mapper.map(new McpCallResult(List.of(new McpContent.Text("no such city")), null, true), SCHEMA);
        assertEquals(0, failed.audit().get("validationErrors").size());
        assertTrue(failed.isError());
    }

    @Test
    void largeStructuredResultsAreBoundedForTheEditorAndTheAudit() {
        JsonNode big = Json.parse("{\"rows\":[" + String.join(",", java.util.Collections.nCopies(20_000, "\"row\"")) + "]}");
        ToolOutcome out = mapper.map(result(big), null);
        assertTrue(out.rawOutput().has("note"), out.rawOutput().toString());
        String audited = out.audit().get("structuredResult").asString();
        assertTrue(audited.getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= ResultLimits.DEFAULT_AUDIT_BYTES);
        assertTrue(audited.startsWith("{\"rows\":[\"row\""));
    }
}
