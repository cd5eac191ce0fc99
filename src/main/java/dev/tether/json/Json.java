package dev.tether.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The one configured Jackson 3 mapper. Absent (null) record components are left out of the
 * JSON, unknown properties on input are ignored (protocols grow fields), and nothing is
 * pretty-printed: every frame must fit on one line.
 */
public final class Json {
    public static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL)
                    .withContentInclusion(JsonInclude.Include.NON_NULL))
            .build();

    /**
     * {@link #MAPPER}, except that reading a tree in which an object repeats a key fails instead
     * of keeping the last value. For input whose every reader must agree on what it says (ACP
     * frames; docs/reference/decisions.md): the check runs only when a key is stored twice, so it
     * costs nothing on ordinary input.
     */
    public static final JsonMapper STRICT_KEYS = MAPPER.rebuild()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .build();

    private Json() {}

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
        return MAPPER.valueToTree(value);
    }

    /** Converts a tree to a record; throws {@link JacksonException} when it does not fit. */
    public static <T> T convert(JsonNode node, Class<T> type) {
        return MAPPER.treeToValue(node, type);
    }

    public static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    public static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }
}
