package dev.tether.config.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The config file checked against Tether's own schema: unknown keys with the closest known one, wrong types with the expected one. */
class ConfigSchemaTest {
    private static List<String> check(String json) {
        return ConfigSchema.check(Json.parse(json), "config.json").stream().map(ConfigSchema.Problem::text).toList();
    }

    @Test
    void theSandboxKeysAreKnownHereAndOnAServerEntry() {
        assertEquals(List.of("config.json: unknown key \"sandbox.netwrok\"; did you mean \"network\"?; ignoring it"),
                check("{\"sandbox\": {\"netwrok\": true}}"));
        assertTrue(ConfigSchema.keysAt("mcpServers.*").contains("sandbox"), "a stdio server's \"sandbox\": true is not an unknown key");
        assertEquals(List.of(), check("{\"context\": {\"instructionBytes\": 4096}}"));
    }

    @Test
    void unknownKeysNameTheClosestKnownKey() {
        assertEquals(List.of("config.json: unknown key \"provder\"; did you mean \"provider\"?; ignoring it"), check("{\"provder\": \"openai\"}"));
        assertEquals(List.of("config.json: unknown key \"mcpServer\"; did you mean \"mcpServers\"?; ignoring it"), check("{\"mcpServer\": {}}"));
        assertEquals(List.of("config.json: unknown key \"mcp.conectTimeoutSeconds\"; did you mean \"connectTimeoutSeconds\"?; ignoring it"),
                check("{\"mcp\": {\"conectTimeoutSeconds\": 5}}"));
        assertEquals(List.of("config.json: unknown key \"zzz\"; ignoring it"), check("{\"zzz\": 1}"), "no suggestion when nothing is close");
    }

    @Test
    void wrongTypesNameTheExpectedType() {
        assertEquals(List.of("config.json: \"oauth.rememberSignIns\" is the text \"yes\", expected true or false; ignoring it"),
                check("{\"oauth\": {\"rememberSignIns\": \"yes\"}}"));
        assertEquals(List.of("config.json: \"anthropic\" is the text \"sk-x\", expected an object; ignoring it"), check("{\"anthropic\": \"sk-x\"}"));
        assertEquals(List.of("config.json: \"maxTokens\" is a list, expected a whole number or text; ignoring it"), check("{\"maxTokens\": [1]}"));
    }

    @Test
    void aGoodFileAndEveryDocumentedSectionPass() {
        assertEquals(List.of(), check("""
                {"$schema": "x", "provider": "anthropic", "model": "m", "maxTokens": 100, "anthropic": {"apiKey": "k"},
                 "mcp": {"connectTimeoutSeconds": 5}, "context": {"instructionFiles": ["AGENTS.md"], "compactAt": 0.8},
                 "permissions": {"allow": ["Read"], "ask": [], "deny": []}, "tools": {"deny": ["x"]},
                 "network": {"caBundle": "ca.pem"}, "oauth": {"rememberSignIns": true}, "secrets": {"env": ["T"]},
                 "enableAllProjectMcpServers": false, "enabledMcpjsonServers": [], "disabledMcpjsonServers": [],
                 "sandbox": {"mode": "workspace-write", "writableRoots": ["~/.cache/build"], "denyRead": ["~/.ssh"], "network": false},
                 "mcpServers": {"a": {"command": "x", "args": ["y"], "toolHints": {"t": {"readOnlyHint": true}}}}}"""));
    }

    @Test
    void serverEntriesAreLeftToTheirReaderWhichKnowsTheSameKeys() {
        assertEquals(List.of(), check("{\"mcpServers\": {\"a\": {\"comand\": \"x\"}}}"), "McpConfig reports these, once");
        assertTrue(ConfigSchema.keysAt("mcpServers.*").containsAll(List.of("command", "args", "env", "cwd", "url", "headers", "type",
                "disabled", "toolHints", "trustAnnotations", "allowTools", "denyTools", "timeouts", "sampling", "exposeRoots", "logLevel",
                "tasks", "healthCheckSeconds", "instructions", "protocolVersion", "oauth")));
    }

    @Test
    void theBundledSchemaIsTheDocumentedOne() throws Exception {
        Path docs = Path.of("docs/reference/config.schema.json");
        assertEquals(Json.parse(Files.readString(docs)), ConfigSchema.tree(), "edit docs/reference/config.schema.json and copy it to the resource");
    }

    /** The hand walk agrees with a full JSON Schema validator on which keys are unknown and which values have the wrong type. */
    @Test
    void aFullValidatorFindsTheSameMistakes() {
        com.networknt.schema.Schema full = com.networknt.schema.SchemaRegistry.withDefaultDialect(
                com.networknt.schema.SpecificationVersion.DRAFT_2020_12).getSchema(ConfigSchema.tree());
        for (String json : List.of("{\"provder\": 1, \"mcp\": {\"callIdleSeconds\": \"5\", \"x\": 1}}",
                "{\"tools\": {\"deny\": \"x\"}, \"oauth\": [], \"context\": {\"compactAt\": \"high\"}}",
                "{\"anthropic\": {\"apiKey\": 5, \"bse\": 1}, \"permissions\": {\"allow\": [\"Read\"], \"alow\": []}}", "{}")) {
            var node = Json.parse(json);
            java.util.Set<String> byValidator = new java.util.TreeSet<>();
            for (var error : full.validate(node)) {
                String at = error.getInstanceLocation().toString().replaceFirst("^[$/]\\.?", "").replace('/', '.');
                switch (error.getKeyword()) {
                    case "additionalProperties" -> byValidator.add((at.isEmpty() ? "" : at + ".") + error.getProperty());
                    case "type" -> byValidator.add(at);
                    default -> { }
                }
            }
            java.util.Set<String> byWalk = new java.util.TreeSet<>(ConfigSchema.check(node, "f").stream().map(ConfigSchema.Problem::key).toList());
            assertEquals(byValidator, byWalk, json);
        }
    }

    @Test
    void didYouMeanIsByEditDistance() {
        assertEquals("command", DidYouMean.suggest("comand", List.of("command", "args")));
        assertEquals("command", DidYouMean.suggest("cmomand", List.of("command", "args")), "a swap counts one");
        assertEquals("provider", DidYouMean.suggest("PROVIDER", List.of("provider")));
        assertNull(DidYouMean.suggest("colour", List.of("command", "args")));
    }
}
