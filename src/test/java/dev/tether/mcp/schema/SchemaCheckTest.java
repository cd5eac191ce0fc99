package dev.tether.mcp.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The 2020-12 vocabulary as a validator reads it: a value that breaks it is caught, one that fits passes. */
class SchemaCheckTest {
    private static final SchemaCheck CONTACT = check("""
            {"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
             "$defs":{"address":{"$anchor":"addressDef","type":"object",
                                 "properties":{"street":{"type":"string"},"city":{"type":"string"}},"required":["city"]},
                      "userId":{"type":"string","pattern":"^[a-z0-9-]+$"}},
             "properties":{"id":{"$ref":"#/$defs/userId"},"home":{"$ref":"#addressDef"},
                           "contactMethod":{"enum":["phone","email"]},"phone":{"type":"string"},"email":{"type":"string"}},
             "required":["id"],
             "if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},
             "then":{"required":["phone"]},"else":{"required":["email"]},
             "additionalProperties":false}""");

    @Test
    void valuesThatFitASchemaOfRefsAndConditionsPass() {
        assertEquals(new Verdict.Valid(), CONTACT.check(json("""
                {"id":"ada-1","home":{"city":"London"},"contactMethod":"phone","phone":"+44 20"}""")));
        assertEquals(new Verdict.Valid(), CONTACT.check(json("{\"id\":\"ada-1\",\"email\":\"a@b.c\"}")));
    }

    @Test
    void aValueBreakingAReferencedDefinitionIsCaughtWhereItBreaks() {
        List<String> problems = problems(CONTACT.check(json("{\"id\":\"Ada Lovelace\",\"email\":\"a@b.c\"}")));
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.getFirst().contains("/id") && problems.getFirst().contains("^[a-z0-9-]+$"), problems.toString());
    }

    @Test
    void anAnchorReferenceAndTheConditionalBranchAreEnforced() {
        List<String> problems = problems(CONTACT.check(json("{\"id\":\"ada\",\"home\":{\"street\":\"x\"},\"contactMethod\":\"phone\"}")));
        assertTrue(problems.stream().anyMatch(p -> p.contains("/home") && p.contains("city")), problems.toString());
        assertTrue(problems.stream().anyMatch(p -> p.contains("phone")), problems.toString());
    }

    @Test
    void additionalPropertiesFalseRefusesAFieldTheSchemaDoesNotName() {
        List<String> problems = problems(CONTACT.check(json("{\"id\":\"ada\",\"email\":\"e\",\"admin\":true}")));
        assertTrue(problems.stream().anyMatch(p -> p.contains("admin")), problems.toString());
    }

    @Test
    void prefixItemsUnevaluatedPropertiesAndDependentSchemasAreUnderstood() {
        SchemaCheck tuple = check("{\"type\":\"array\",\"prefixItems\":[{\"type\":\"string\"},{\"type\":\"integer\"}],\"items\":false}");
        assertEquals(new Verdict.Valid(), tuple.check(json("[\"a\",1]")));
        assertEquals(2, problems(tuple.check(json("[\"a\",\"b\",3]"))).size());

        SchemaCheck closed = check("""
                {"type":"object","allOf":[{"properties":{"a":{"type":"integer"}}}],"unevaluatedProperties":false,
                 "dependentSchemas":{"a":{"required":["b"],"properties":{"b":{"const":true}}}}}""");
        assertEquals(new Verdict.Valid(), closed.check(json("{\"a\":1,\"b\":true}")));
        assertInstanceOf(Verdict.Invalid.class, closed.check(json("{\"a\":1}")));
        assertInstanceOf(Verdict.Invalid.class, closed.check(json("{\"a\":1,\"b\":false}")));
        assertInstanceOf(Verdict.Invalid.class, closed.check(json("{\"c\":1}")));
    }

    @Test
    void aDynamicRefResolvesToItsDynamicAnchor() {
        SchemaCheck tree = check("""
                {"$dynamicAnchor":"node","type":"object","properties":{"child":{"$dynamicRef":"#node"}}}""");
        assertEquals(new Verdict.Valid(), tree.check(json("{\"child\":{\"child\":{}}}")));
        assertInstanceOf(Verdict.Invalid.class, tree.check(json("{\"child\":{\"child\":7}}")));
    }

    @Test
    void patternsFollowEcmaScriptWhereJavaDiffers() {
        // In ECMA-262 "$" ends the input; Java's would also match before a final newline.
        SchemaCheck word = check("{\"type\":\"string\",\"pattern\":\"^[a-z]+$\"}");
        assertEquals(new Verdict.Valid(), word.check(json("\"abc\"")));
        assertInstanceOf(Verdict.Invalid.class, word.check(json("\"abc\\n\"")));
        SchemaCheck letters = check("{\"type\":\"string\",\"pattern\":\"^\\\\p{Letter}+$\"}");
        assertEquals(new Verdict.Valid(), letters.check(json("\"été\"")));
        assertInstanceOf(Verdict.Invalid.class, letters.check(json("\"e1\"")));
    }

    @Test
    void aDraft07SchemaKeepsItsOwnDialect() {
        SchemaCheck draft7 = check("""
                {"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"n":{"type":"integer"}},
                 "properties":{"n":{"$ref":"#/definitions/n"}}}""");
        assertEquals(new Verdict.Valid(), draft7.check(json("{\"n\":3}")));
        assertInstanceOf(Verdict.Invalid.class, draft7.check(json("{\"n\":\"3\"}")));
    }

    @Test
    void theSchemaIsKeptAsGiven() {
        JsonNode schema = json("{\"$defs\":{\"a\":{\"type\":\"string\"}},\"$ref\":\"#/$defs/a\",\"$schema\":\"http://example.invalid/x\"}");
        SchemaCheck check = new SchemaCheck(schema);
        assertEquals(new Verdict.Valid(), check.check(json("\"s\"")));
        assertEquals(json("{\"$defs\":{\"a\":{\"type\":\"string\"}},\"$ref\":\"#/$defs/a\",\"$schema\":\"http://example.invalid/x\"}"),
                check.schema());
    }

    static SchemaCheck check(String schema) {
        return new SchemaCheck(json(schema));
    }

    static JsonNode json(String text) {
        return Json.parse(text);
    }

    static List<String> problems(Verdict verdict) {
        return assertInstanceOf(Verdict.Invalid.class, verdict).problems();
    }
}
