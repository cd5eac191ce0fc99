package dev.tether.mcp.call;

import dev.tether.mcp.schema.SchemaCheck;
import dev.tether.mcp.schema.Verdict;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.StreamSupport;
import tools.jackson.databind.JsonNode;

/**
 * A tool's declared {@code outputSchema} (already sanitised): compiled once, on first use, and
 * kept with the tool; validation errors are reported, never thrown — a result that misses its
 * schema still reaches the model. Checked by {@link SchemaCheck}: the dialect follows
 * {@code $schema}, nothing outside the document is ever fetched, and evaluation is bounded.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema">MCP output schema</a>
 */
public final class OutputSchema {
    public static final int MAX_ERRORS = SchemaCheck.MAX_PROBLEMS;
    /** The summary appended to the tool's description is cut here. */
    public static final int MAX_SUMMARY_CHARS = 1500;

    private final JsonNode schema;
    private final SchemaCheck check;

    public OutputSchema(JsonNode schema) {
        this.schema = schema;
        this.check = new SchemaCheck(schema);
    }

    public JsonNode schema() {
        return schema;
    }

    /** The problems of {@code instance} against the schema, or none; at most {@link #MAX_ERRORS} (+1 saying how many more). */
    public List<String> validate(JsonNode instance) {
        return switch (check.check(instance)) {
            case Verdict.Valid valid -> List.of();
            case Verdict.Invalid invalid -> invalid.problems();
            case Verdict.Unchecked unchecked -> List.of("outputSchema could not be used: " + unchecked.reason());
        };
    }

    /**
     * A short description of what the tool returns, such as
     * {@code {city: string, temperature: number, tags?: array<string>}} (optional properties
     * marked {@code ?}), cut at {@link #MAX_SUMMARY_CHARS}.
     */
    public String summary() {
        String text = describe(schema, 0);
        return text.length() <= MAX_SUMMARY_CHARS ? text : text.substring(0, MAX_SUMMARY_CHARS - 1) + "…";
    }

    private static String describe(JsonNode node, int depth) {
        if (node == null || !node.isObject()) {
            return "any";
        }
        JsonNode properties = node.get("properties");
        String type = type(node);
        if (properties != null && properties.isObject() && depth < 3) {
            Set<String> required = names(node.get("required"));
            StringBuilder out = new StringBuilder("{");
            for (Map.Entry<String, JsonNode> property : properties.properties()) {
                if (out.length() > 1) {
                    out.append(", ");
                }
                out.append(property.getKey()).append(required.contains(property.getKey()) ? "" : "?")
                        .append(": ").append(describe(property.getValue(), depth + 1));
                if (out.length() > MAX_SUMMARY_CHARS) {
                    break;
                }
            }
            return out.append('}').toString();
        }
        if ("array".equals(type) && node.has("items") && depth < 3) {
            return "array<" + describe(node.get("items"), depth + 1) + ">";
        }
        if (node.has("enum") && node.get("enum").isArray() && node.get("enum").size() <= 8) {
            return String.join("|", StreamSupport.stream(node.get("enum").spliterator(), false).map(JsonNode::toString).toList());
        }
        return type;
    }

    private static String type(JsonNode node) {
        JsonNode type = node.get("type");
        if (type == null) {
            return node.has("properties") ? "object" : "any";
        }
        if (type.isArray()) {
            return String.join("|", StreamSupport.stream(type.spliterator(), false).map(t -> t.asString("?")).toList());
        }
        return type.asString("any");
    }

    private static Set<String> names(JsonNode required) {
        if (required == null || !required.isArray()) {
            return Set.of();
        }
        return Set.copyOf(StreamSupport.stream(required.spliterator(), false).filter(JsonNode::isString)
                .map(JsonNode::asString).toList());
    }
}
