package dev.tether.mcp.call;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.StreamSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tool's declared {@code outputSchema} (already sanitised): compiled once, on first use, and
 * kept with the tool; validation errors are reported, never thrown — a result that misses its
 * schema still reaches the model. The dialect follows {@code $schema} (draft-04 to 2020-12;
 * anything else is read as 2020-12), and remote {@code $ref}s are never fetched.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#output-schema">MCP output schema</a>
 */
public final class OutputSchema {
    private static final Logger LOG = LoggerFactory.getLogger(OutputSchema.class);
    public static final int MAX_ERRORS = 20;
    private static final int MAX_ERROR_BYTES = 300;
    /** The summary appended to the tool's description is cut here. */
    public static final int MAX_SUMMARY_CHARS = 1500;

    private final JsonNode schema;
    private Schema compiled;
    private String compileError;

    public OutputSchema(JsonNode schema) {
        this.schema = schema;
    }

    public JsonNode schema() {
        return schema;
    }

    /** The problems of {@code instance} against the schema, or none; at most {@link #MAX_ERRORS} (+1 saying how many more). */
    public List<String> validate(JsonNode instance) {
        Schema validator = compiled();
        if (validator == null) {
            return List.of("outputSchema could not be used: " + compileError);
        }
        List<Error> errors;
        try {
            errors = validator.validate(instance);
        } catch (RuntimeException e) {
            return List.of("outputSchema validation failed: " + Redactor.redact(UnicodeSanitizer.clean(String.valueOf(e.getMessage())), MAX_ERROR_BYTES));
        }
        List<String> shown = new ArrayList<>();
        for (Error error : errors) {
            if (shown.size() == MAX_ERRORS) {
                shown.add("and " + (errors.size() - MAX_ERRORS) + " more");
                break;
            }
            shown.add(Redactor.redact(UnicodeSanitizer.clean(error.toString()), MAX_ERROR_BYTES));
        }
        return List.copyOf(shown);
    }

    private synchronized Schema compiled() {
        if (compiled == null && compileError == null) {
            try {
                JsonNode source = schema;
                SpecificationVersion dialect = dialect(schema);
                if (schema.has("$schema") && dialect == null) {
                    source = schema.deepCopy();
                    ((ObjectNode) source).remove("$schema"); // an unknown meta-schema would be fetched; read it as 2020-12
                }
                SchemaRegistry registry = SchemaRegistry.withDefaultDialect(
                        dialect == null ? SpecificationVersion.DRAFT_2020_12 : dialect,
                        builder -> builder.schemaLoader(loader -> loader.fetchRemoteResources(false)));
                compiled = registry.getSchema(source);
            } catch (RuntimeException e) {
                compileError = Redactor.redact(UnicodeSanitizer.clean(String.valueOf(e.getMessage())), MAX_ERROR_BYTES);
                LOG.warn("mcp: an outputSchema could not be compiled: {}", compileError);
            }
        }
        return compiled;
    }

    private static SpecificationVersion dialect(JsonNode schema) {
        JsonNode declared = schema.get("$schema");
        if (declared == null || !declared.isString()) {
            return null;
        }
        String id = declared.asString().replaceFirst("^https?://", "").replaceFirst("#$", "");
        for (SpecificationVersion version : SpecificationVersion.values()) {
            String known = version.getDialectId().replaceFirst("^https?://", "").replaceFirst("#$", "");
            if (known.equals(id)) {
                return version;
            }
        }
        return null;
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
