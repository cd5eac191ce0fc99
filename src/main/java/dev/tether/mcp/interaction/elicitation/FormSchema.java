package dev.tether.mcp.interaction.elicitation;

import dev.tether.mcp.schema.SchemaCheck;
import dev.tether.mcp.schema.Verdict;
import dev.tether.security.JsonSanitizer;
import dev.tether.security.ReservedKeys;
import dev.tether.security.UnicodeSanitizer;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code requestedSchema} of a form elicitation, checked against the spec's restricted
 * subset: a flat object whose properties are strings (optional {@code format} email, uri, date or
 * date-time; {@code minLength}/{@code maxLength}; single-select {@code enum}, {@code enum} with
 * {@code enumNames}, or titled {@code oneOf}), numbers or integers ({@code minimum}/{@code maximum}),
 * booleans, or multi-select arrays of string options. Anything else (nested objects, references,
 * combinators, unknown keywords, names with invisible characters or that collide with
 * JavaScript's prototype machinery) is refused with a reason the server receives. The kept
 * schema is a sanitised copy; {@code default}s survive and pre-fill the form.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation#requested-schema">MCP requested schema</a>
 */
public final class FormSchema {
    static final int MAX_PROPERTIES = 50;
    static final int MAX_OPTIONS = 100;
    static final int MAX_NAME_CHARS = 64;
    private static final int MAX_SCHEMA_DEPTH = 8;
    private static final int MAX_SCHEMA_SIZE = 64 * 1024;
    private static final Set<String> ROOT_KEYS = Set.of("$schema", "type", "properties", "required", "title",
            "description", "additionalProperties");
    private static final Set<String> COMMON_KEYS = Set.of("type", "title", "description", "default");
    private static final Map<String, Set<String>> KEYS_BY_TYPE = Map.of(
            "string", Set.of("format", "minLength", "maxLength", "enum", "enumNames", "oneOf"),
            "number", Set.of("minimum", "maximum"),
            "integer", Set.of("minimum", "maximum"),
            "boolean", Set.of(),
            "array", Set.of("items", "minItems", "maxItems"));
    static final Set<String> FORMATS = Set.of("email", "uri", "date", "date-time");

    private final ObjectNode schema;
    private final SchemaCheck check;
    private final Map<String, Field> fields;
    private final Set<String> required;

    /** One property: its type, and for choices the allowed values. */
    record Field(String type, JsonNode schema, List<String> options) {}

    private FormSchema(ObjectNode schema, Map<String, Field> fields, Set<String> required) {
        this.schema = schema;
        this.check = new SchemaCheck(schema);
        this.fields = fields;
        this.required = required;
    }

    /** Thrown for a schema outside the allowed subset; the message says why, for the server. */
    public static final class Refused extends RuntimeException {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Checks and sanitises a requested schema.
     *
     * @throws Refused the schema is not the spec's restricted flat form
     */
    public static FormSchema parse(JsonNode raw) {
        if (raw == null || !raw.isObject()) {
            throw new Refused("requestedSchema must be an object");
        }
        JsonNode clean = JsonSanitizer.clean(raw, MAX_SCHEMA_DEPTH, MAX_SCHEMA_SIZE);
        if (clean == null) {
            throw new Refused("requestedSchema is nested too deeply or too large for a form");
        }
        for (String key : raw.propertyNames()) {
            if (!ROOT_KEYS.contains(key)) {
                throw new Refused("requestedSchema may not use \"" + UnicodeSanitizer.clean(key) + "\" (only a flat object of primitive fields is allowed)");
            }
        }
        if (!"object".equals(raw.path("type").asString(null))) {
            throw new Refused("requestedSchema must have type \"object\"");
        }
        JsonNode extra = raw.get("additionalProperties");
        if (extra != null && !(extra.isBoolean() && !extra.asBoolean())) {
            throw new Refused("requestedSchema may only say additionalProperties: false");
        }
        JsonNode properties = raw.get("properties");
        if (properties == null || !properties.isObject()) {
            throw new Refused("requestedSchema must have an object of properties");
        }
        if (properties.size() > MAX_PROPERTIES) {
            throw new Refused("a form may have at most " + MAX_PROPERTIES + " fields");
        }
        Map<String, Field> fields = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> property : properties.properties()) {
            String name = property.getKey();
            checkName(name);
            fields.put(name, field(name, property.getValue(), clean.path("properties").path(name)));
        }
        Set<String> required = new HashSet<>();
        JsonNode listed = raw.get("required");
        if (listed != null) {
            if (!listed.isArray()) {
                throw new Refused("required must be an array of field names");
            }
            for (JsonNode name : listed) {
                if (!name.isString() || !fields.containsKey(name.asString())) {
                    throw new Refused("required names a field the form does not have");
                }
                required.add(name.asString());
            }
        }
        return new FormSchema((ObjectNode) clean, Map.copyOf(fields), Set.copyOf(required));
    }

    private static void checkName(String name) {
        if (name.isEmpty() || name.length() > MAX_NAME_CHARS || !UnicodeSanitizer.isClean(name)
                || name.chars().anyMatch(Character::isISOControl)) {
            throw new Refused("a field name is empty, longer than " + MAX_NAME_CHARS + " characters or has hidden characters");
        }
        if (ReservedKeys.isReserved(name)) {
            throw new Refused("a field may not be named \"" + name + "\"");
        }
    }

    private static Field field(String name, JsonNode raw, JsonNode clean) {
        if (!raw.isObject()) {
            throw new Refused("field \"" + name + "\" must be a schema object");
        }
        String type = raw.path("type").isString() ? raw.path("type").asString() : null;
        Set<String> own = type == null ? null : KEYS_BY_TYPE.get(type);
        if (own == null) {
            throw new Refused("field \"" + name + "\" must be of type string, number, integer, boolean or array");
        }
        for (String key : raw.propertyNames()) {
            if (!COMMON_KEYS.contains(key) && !own.contains(key)) {
                throw new Refused("field \"" + name + "\" may not use \"" + UnicodeSanitizer.clean(key) + "\"");
            }
        }
        expectString(name, raw, "title");
        expectString(name, raw, "description");
        List<String> options = switch (type) {
            case "string" -> stringField(name, raw);
            case "number", "integer" -> {
                expectNumber(name, raw, "minimum");
                expectNumber(name, raw, "maximum");
                yield null;
            }
            case "array" -> arrayField(name, raw);
            default -> null;
        };
        Field field = new Field(type, clean, options);
        JsonNode defaultValue = raw.get("default");
        if (defaultValue != null && !FormReply.violations(name, field, clean.get("default")).isEmpty()) {
            throw new Refused("the default of field \"" + name + "\" does not fit the field");
        }
        return field;
    }

    private static List<String> stringField(String name, JsonNode raw) {
        JsonNode format = raw.get("format");
        if (format != null && !(format.isString() && FORMATS.contains(format.asString()))) {
            throw new Refused("field \"" + name + "\" has a format other than email, uri, date or date-time");
        }
        expectCount(name, raw, "minLength");
        expectCount(name, raw, "maxLength");
        JsonNode names = raw.get("enumNames");
        List<String> options = null;
        if (raw.has("enum")) {
            options = strings(name, raw.get("enum"), "enum");
            if (names != null && (strings(name, names, "enumNames").size() != options.size())) {
                throw new Refused("field \"" + name + "\" has enumNames that do not match its enum");
            }
        } else if (names != null) {
            throw new Refused("field \"" + name + "\" has enumNames without an enum");
        }
        if (raw.has("oneOf")) {
            if (options != null) {
                throw new Refused("field \"" + name + "\" has both enum and oneOf");
            }
            options = titledConsts(name, raw.get("oneOf"), "oneOf");
        }
        return options;
    }

    private static List<String> arrayField(String name, JsonNode raw) {
        expectCount(name, raw, "minItems");
        expectCount(name, raw, "maxItems");
        JsonNode items = raw.get("items");
        if (items == null || !items.isObject()) {
            throw new Refused("multi-select field \"" + name + "\" needs items with its options");
        }
        if (items.has("enum")) {
            for (String key : items.propertyNames()) {
                if (!key.equals("enum") && !key.equals("type")) {
                    throw new Refused("the items of field \"" + name + "\" may not use \"" + UnicodeSanitizer.clean(key) + "\"");
                }
            }
            if (!"string".equals(items.path("type").asString(null))) {
                throw new Refused("the options of field \"" + name + "\" must be strings");
            }
            return strings(name, items.get("enum"), "enum");
        }
        if (items.has("anyOf") && items.size() == 1) {
            return titledConsts(name, items.get("anyOf"), "anyOf");
        }
        throw new Refused("multi-select field \"" + name + "\" must list its options as items.enum or items.anyOf");
    }

    private static List<String> strings(String name, JsonNode array, String what) {
        if (array == null || !array.isArray() || array.isEmpty() || array.size() > MAX_OPTIONS) {
            throw new Refused("field \"" + name + "\" needs 1 to " + MAX_OPTIONS + " " + what + " values");
        }
        List<String> values = new java.util.ArrayList<>();
        for (JsonNode value : array) {
            if (!value.isString() || !UnicodeSanitizer.isClean(value.asString())) {
                throw new Refused("field \"" + name + "\" has a " + what + " value that is not a plain string");
            }
            values.add(value.asString());
        }
        return List.copyOf(values);
    }

    private static List<String> titledConsts(String name, JsonNode array, String what) {
        if (array == null || !array.isArray() || array.isEmpty() || array.size() > MAX_OPTIONS) {
            throw new Refused("field \"" + name + "\" needs 1 to " + MAX_OPTIONS + " " + what + " options");
        }
        List<String> values = new java.util.ArrayList<>();
        for (JsonNode option : array) {
            boolean shaped = option.isObject() && option.path("const").isString() && option.path("title").isString()
                    && option.size() == 2 && UnicodeSanitizer.isClean(option.get("const").asString());
            if (!shaped) {
                throw new Refused("each " + what + " option of field \"" + name + "\" must be {const, title} strings");
            }
            values.add(option.get("const").asString());
        }
        return List.copyOf(values);
    }

    private static void expectString(String name, JsonNode raw, String key) {
        if (raw.has(key) && !raw.get(key).isString()) {
            throw new Refused("the " + key + " of field \"" + name + "\" must be a string");
        }
    }

    private static void expectNumber(String name, JsonNode raw, String key) {
        if (raw.has(key) && !(raw.get(key).isNumber() && Double.isFinite(raw.get(key).asDouble()))) {
            throw new Refused("the " + key + " of field \"" + name + "\" must be a finite number");
        }
    }

    private static void expectCount(String name, JsonNode raw, String key) {
        if (raw.has(key) && !(raw.get(key).isIntegralNumber() && raw.get(key).asLong() >= 0)) {
            throw new Refused("the " + key + " of field \"" + name + "\" must be a non-negative integer");
        }
    }

    /** The sanitised schema, as shown to the user. */
    public ObjectNode schema() {
        return schema.deepCopy();
    }

    Map<String, Field> fields() {
        return fields;
    }

    Set<String> required() {
        return required;
    }

    /**
     * Why {@code content} is not a valid answer to this form; empty when it is. Tether's own rules
     * first (they are stricter: no reserved keys, finite numbers, the formats), then the schema as
     * networknt reads it.
     */
    public List<String> violations(JsonNode content) {
        List<String> problems = FormReply.violations(this, content);
        if (!problems.isEmpty()) {
            return problems;
        }
        return check.check(content) instanceof Verdict.Invalid invalid ? invalid.problems() : List.of();
    }
}
