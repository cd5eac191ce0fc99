package dev.tether.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.nio.charset.StandardCharsets;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.type.LogicalType;

/**
 * The one configured Jackson 3 mapper. Absent (null) record components are left out of the
 * JSON, unknown properties on input are ignored (protocols grow fields), and nothing is
 * pretty-printed: every frame must fit on one line.
 *
 * <p>The mappers are built on first use of {@link #mapper()} (building the first one costs more
 * than anything else a start does before the ACP {@code initialize} answer); trees are read and
 * written without them ({@link Trees}), so {@link #object()}, {@link #parse} and writing a tree
 * never build one.
 */
public final class Json {
    private Json() {}

    /** Built when first asked for: class initialisation makes that once, and thread-safe. */
    private static final class Mappers {
        static final JsonMapper LENIENT = JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
                .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL)
                        .withContentInclusion(JsonInclude.Include.NON_NULL))
                .build();

        static final JsonMapper STRICT_KEYS = LENIENT.rebuild()
                .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
                .build();

        static final JsonMapper STRICT_STRINGS = LENIENT.rebuild()
                .withCoercionConfig(LogicalType.Textual, text -> text
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .build();
    }

    /** The configured mapper, for records and other values that are not trees. */
    public static JsonMapper mapper() {
        return Mappers.LENIENT;
    }

    /**
     * {@link #mapper()}, except that reading a tree in which an object repeats a key fails instead
     * of keeping the last value. For input whose every reader must agree on what it says (ACP
     * frames; docs/reference/decisions.md): the check runs only when a key is stored twice, so it
     * costs nothing on ordinary input.
     */
    public static JsonMapper strictKeys() {
        return Mappers.STRICT_KEYS;
    }

    /**
     * {@link #mapper()}, except that a JSON number or boolean is never read as a string (the
     * mapper would read {@code 42} as {@code "42"}). For records read from a peer that must send
     * the types its schema names: an ACP {@code sessionId} of {@code 42} is invalid params, not
     * the id {@code "42"}.
     */
    public static JsonMapper strictStrings() {
        return Mappers.STRICT_STRINGS;
    }

    public static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    public static ArrayNode array() {
        return JsonNodeFactory.instance.arrayNode();
    }

    /** Converts any value (record, map, node) to a tree. */
    public static JsonNode tree(Object value) {
        if (value == null) {
            return JsonNodeFactory.instance.nullNode();
        }
        if (value instanceof JsonNode node) {
            return node;
        }
        return mapper().valueToTree(value);
    }

    /** Converts a tree to a record; throws {@link JacksonException} when it does not fit. */
    public static <T> T convert(JsonNode node, Class<T> type) {
        return mapper().treeToValue(node, type);
    }

    /** Reads one JSON value (a repeated key keeps its last value); throws {@link JacksonException} when it is not JSON. */
    public static JsonNode parse(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return Trees.read(bytes, 0, bytes.length, false);
    }

    public static String write(Object value) {
        return value instanceof JsonNode node ? Trees.write(node) : mapper().writeValueAsString(value);
    }

    /** Writes with the mapper, whatever the value: for trees {@link Trees} does not write itself. */
    static String writeWithMapper(Object value) {
        return mapper().writeValueAsString(value);
    }
}
