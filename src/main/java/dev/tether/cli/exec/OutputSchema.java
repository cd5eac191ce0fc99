package dev.tether.cli.exec;

import dev.tether.json.Json;
import dev.tether.mcp.schema.SchemaCheck;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@code --output-schema FILE}: the model is told to answer with one JSON value valid against the
 * schema, and its final message is checked with networknt (the checker MCP tool outputs use).
 */
final class OutputSchema {
    private final JsonNode schema;
    private final SchemaCheck check;

    private OutputSchema(JsonNode schema) {
        this.schema = schema;
        this.check = new SchemaCheck(schema);
    }

    /**
     * Whether the answer met the schema, and if not, why.
     *
     * @param value the answer's JSON text without a fence around it (null when the answer was not JSON)
     */
    record Verdict(boolean met, List<String> problems, String value) {}

    static OutputSchema read(Path file) throws ExecArgs.Usage {
        JsonNode schema;
        try {
            schema = Json.parse(Files.readString(file));
        } catch (IOException e) {
            throw new ExecArgs.Usage("--output-schema: " + dev.tether.base.FailureWords.file(e, file.toString(), file));
        } catch (JacksonException e) {
            throw new ExecArgs.Usage("--output-schema " + file + ": not JSON (" + e.getOriginalMessage() + ")");
        }
        if (!schema.isObject() && !schema.isBoolean()) {
            throw new ExecArgs.Usage("--output-schema " + file + ": a JSON Schema is an object (or true/false)");
        }
        // A schema that breaks its meta-schema, or points at a part of itself that is not there, is a mistake
        // of the command line: found now, not after two model turns.
        if (schema.isObject()) {
            JsonNode declared = schema.path("$schema");
            String dialect = declared.isString() && declared.asString().contains("json-schema.org/") ? declared.asString() : DRAFT_2020_12;
            if (new SchemaCheck(Json.object().put("$ref", dialect)).check(schema)
                    instanceof dev.tether.mcp.schema.Verdict.Invalid invalid) {
                throw new ExecArgs.Usage("--output-schema " + file + ": not a valid JSON Schema: " + String.join("; ", invalid.problems()));
            }
            String missing = missingReference(schema, schema);
            if (missing != null) {
                throw new ExecArgs.Usage("--output-schema " + file + ": \"$ref\": \"" + missing + "\" points at nothing in the schema");
            }
        }
        OutputSchema result = new OutputSchema(schema);
        if (result.check.check(Json.object()) instanceof dev.tether.mcp.schema.Verdict.Unchecked unchecked) {
            throw new ExecArgs.Usage("--output-schema " + file + ": " + unchecked.reason());
        }
        return result;
    }

    private static final String DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema";
    /** Keywords whose values are data, not schemas: a {@code $ref} inside them is not a reference. */
    private static final java.util.Set<String> DATA = java.util.Set.of("enum", "const", "default", "examples");

    /** The first same-document {@code $ref} ({@code #/…}) below {@code node} that names nothing in {@code root}, or null. */
    private static String missingReference(JsonNode root, JsonNode node) {
        if (node.isObject()) {
            JsonNode ref = node.get("$ref");
            if (ref != null && ref.isString() && ref.asString().startsWith("#/")) {
                String pointer = java.net.URLDecoder.decode(ref.asString().substring(1).replace("+", "%2B"),
                        java.nio.charset.StandardCharsets.UTF_8);
                if (root.at(pointer).isMissingNode()) {
                    return ref.asString();
                }
            }
            for (var field : node.properties()) {
                String found = DATA.contains(field.getKey()) ? null : missingReference(root, field.getValue());
                if (found != null) {
                    return found;
                }
            }
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                String found = missingReference(root, item);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /** What the prompt adds so that the model knows the shape of the answer. */
    String instruction() {
        return "\n\nAnswer with one JSON value and nothing else: no prose, no Markdown code fence. It must be valid against"
                + " this JSON Schema:\n" + Json.write(schema);
    }

    /** The corrective prompt after an answer that did not meet the schema. */
    String correction(Verdict verdict) {
        return "Your answer does not meet the required JSON Schema: " + String.join("; ", verdict.problems())
                + ". Answer again with only the corrected JSON value." + instruction();
    }

    Verdict check(String answer) {
        JsonNode value;
        String text = withoutFence(answer.strip()).strip();
        try {
            value = Json.parse(text);
        } catch (JacksonException e) {
            return new Verdict(false, List.of("the answer is not JSON (" + e.getOriginalMessage() + ")"), null);
        }
        return switch (check.check(value)) {
            case dev.tether.mcp.schema.Verdict.Valid v -> new Verdict(true, List.of(), text);
            case dev.tether.mcp.schema.Verdict.Invalid invalid -> new Verdict(false, invalid.problems(), text);
            case dev.tether.mcp.schema.Verdict.Unchecked unchecked -> new Verdict(false, List.of(unchecked.reason()), text);
        };
    }

    /** A model that wraps its JSON in a ```json fence anyway still answered JSON. */
    private static String withoutFence(String text) {
        if (text.startsWith("```") && text.endsWith("```") && text.length() > 6) {
            String inner = text.substring(3, text.length() - 3);
            int newline = inner.indexOf('\n');
            return newline < 0 ? inner : inner.substring(newline + 1);
        }
        return text;
    }
}
