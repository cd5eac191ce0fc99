package dev.tether.json;

import java.io.ByteArrayOutputStream;
import java.util.ArrayDeque;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads and writes JSON trees with Jackson's streaming parser and generator alone, without an
 * {@code ObjectMapper}: building the first mapper of a process and its node (de)serialisers costs
 * more than everything else before the ACP {@code initialize} answer (docs/reference/performance.md),
 * and a protocol frame needs neither. The trees are the ones {@link Json#mapper()} reads and writes:
 * the same node types for the same input (an {@code int} that fits is an int node, a fraction a
 * double node), the same stream limits (the factory's defaults, which the mapper uses too), a
 * trailing value after the first one is an error, and the output is byte for byte the mapper's. A
 * tree holding a node this class does not know (a POJO node) is written by the mapper.
 */
public final class Trees {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Trees() {}

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    public static ArrayNode array() {
        return NODES.arrayNode();
    }

    /**
     * Parses {@code bytes[offset, offset + length)} as one JSON value. Invalid JSON is a
     * {@link JacksonException}. With {@code rejectDuplicates} an object that repeats a key is a
     * {@link DuplicateKeys} carrying the tree read as the lenient mapper reads it (the last value wins).
     */
    public static JsonNode read(byte[] bytes, int offset, int length, boolean rejectDuplicates) {
        try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), bytes, offset, length)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return NODES.missingNode();
            }
            boolean[] repeated = new boolean[1];
            JsonNode tree = value(parser, first, repeated);
            JsonToken trailing = parser.nextToken();
            if (trailing != null) {
                throw new StreamReadException(parser, "Trailing token (of type " + trailing + ") found after value");
            }
            if (rejectDuplicates && repeated[0]) {
                throw new DuplicateKeys(tree);
            }
            return tree;
        }
    }

    /** Thrown by {@link #read} when duplicates are refused; {@link #lenient()} is the tree without the check. */
    public static final class DuplicateKeys extends RuntimeException {
        private final transient JsonNode lenient;

        DuplicateKeys(JsonNode lenient) {
            super("an object repeats a key", null, false, false);
            this.lenient = lenient;
        }

        public JsonNode lenient() {
            return lenient;
        }
    }

    /** Iterative, so that nesting as deep as the parser allows never exhausts the stack. */
    private static JsonNode value(JsonParser parser, JsonToken first, boolean[] repeated) {
        if (first != JsonToken.START_OBJECT && first != JsonToken.START_ARRAY) {
            return scalar(parser, first);
        }
        ArrayDeque<JsonNode> open = new ArrayDeque<>();
        JsonNode root = first == JsonToken.START_OBJECT ? NODES.objectNode() : NODES.arrayNode();
        open.push(root);
        String name = null;
        while (!open.isEmpty()) {
            JsonToken token = parser.nextToken();
            if (token == null) {
                throw new StreamReadException(parser, "Unexpected end-of-input");
            }
            if (token == JsonToken.PROPERTY_NAME) {
                name = parser.currentName();
                continue;
            }
            if (token == JsonToken.END_OBJECT || token == JsonToken.END_ARRAY) {
                open.pop();
                continue;
            }
            JsonNode child = token == JsonToken.START_OBJECT ? NODES.objectNode()
                    : token == JsonToken.START_ARRAY ? NODES.arrayNode() : scalar(parser, token);
            JsonNode parent = open.peek();
            if (parent instanceof ObjectNode object) {
                if (object.replace(name, child) != null) {
                    repeated[0] = true;
                }
            } else {
                ((ArrayNode) parent).add(child);
            }
            if (child.isContainer()) {
                open.push(child);
            }
        }
        return root;
    }

    private static JsonNode scalar(JsonParser parser, JsonToken token) {
        return switch (token) {
            case VALUE_STRING -> NODES.stringNode(parser.getString());
            case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
                case INT -> NODES.numberNode(parser.getIntValue());
                case LONG -> NODES.numberNode(parser.getLongValue());
                default -> NODES.numberNode(parser.getBigIntegerValue());
            };
            case VALUE_NUMBER_FLOAT -> parser.getNumberType() == JsonParser.NumberType.BIG_DECIMAL
                    ? NODES.numberNode(parser.getDecimalValue()) : NODES.numberNode(parser.getDoubleValue());
            case VALUE_TRUE -> NODES.booleanNode(true);
            case VALUE_FALSE -> NODES.booleanNode(false);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new StreamReadException(parser, "Unexpected token " + token);
        };
    }

    /**
     * A {@link PlainJson} value as a tree: maps become objects (in their order), lists arrays,
     * {@link PlainJson#NULL} (or null) a null node.
     */
    public static JsonNode fromPlain(Object value) {
        if (value == null || value == PlainJson.NULL) {
            return NODES.nullNode();
        }
        if (value instanceof Map<?, ?> map) {
            ObjectNode object = NODES.objectNode();
            map.forEach((key, child) -> object.set((String) key, fromPlain(child)));
            return object;
        }
        if (value instanceof java.util.List<?> list) {
            ArrayNode array = NODES.arrayNode();
            list.forEach(child -> array.add(fromPlain(child)));
            return array;
        }
        if (value instanceof String text) {
            return NODES.stringNode(text);
        }
        if (value instanceof Long number) {
            return NODES.numberNode(number.longValue());
        }
        if (value instanceof Integer number) {
            return NODES.numberNode(number.intValue());
        }
        if (value instanceof Boolean bool) {
            return NODES.booleanNode(bool);
        }
        throw new IllegalArgumentException("not a plain JSON value: " + value.getClass().getName());
    }

    /**
     * The tree as {@link PlainJson} values: objects become maps, arrays lists, integers that fit
     * a long {@link Long}s, other numbers {@link Double}s, a null node {@link PlainJson#NULL}.
     */
    public static Object toPlain(JsonNode node) {
        return switch (node.getNodeType()) {
            case OBJECT -> {
                Map<String, Object> map = new java.util.LinkedHashMap<>();
                for (Map.Entry<String, JsonNode> property : node.properties()) {
                    map.put(property.getKey(), toPlain(property.getValue()));
                }
                yield map;
            }
            case ARRAY -> {
                java.util.List<Object> list = new java.util.ArrayList<>();
                for (JsonNode child : node.values()) {
                    list.add(toPlain(child));
                }
                yield list;
            }
            case STRING -> node.stringValue();
            case NUMBER -> node.canConvertToLong() && node.isIntegralNumber() ? (Object) node.longValue() : (Object) node.doubleValue();
            case BOOLEAN -> node.booleanValue();
            default -> PlainJson.NULL;
        };
    }

    /** The tree as one line of JSON, byte for byte what {@link Json#mapper()} writes. */
    public static String write(JsonNode tree) {
        if (!plain(tree)) {
            return Json.writeWithMapper(tree);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonGenerator generator = FACTORY.createGenerator(ObjectWriteContext.empty(), out)) {
            write(generator, tree);
        }
        return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Whether every node is one this class writes itself. */
    private static boolean plain(JsonNode node) {
        return switch (node.getNodeType()) {
            case OBJECT, ARRAY -> {
                for (JsonNode child : node.values()) {
                    if (!plain(child)) {
                        yield false;
                    }
                }
                yield true;
            }
            case STRING, NUMBER, BOOLEAN, NULL -> true;
            default -> false;
        };
    }

    private static void write(JsonGenerator generator, JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT -> {
                generator.writeStartObject();
                for (Map.Entry<String, JsonNode> property : node.properties()) {
                    generator.writeName(property.getKey());
                    write(generator, property.getValue());
                }
                generator.writeEndObject();
            }
            case ARRAY -> {
                generator.writeStartArray();
                for (JsonNode child : node.values()) {
                    write(generator, child);
                }
                generator.writeEndArray();
            }
            case STRING -> generator.writeString(node.stringValue());
            case NUMBER -> number(generator, node);
            case BOOLEAN -> generator.writeBoolean(node.booleanValue());
            case NULL -> generator.writeNull();
            default -> throw new IllegalStateException("not a plain node: " + node.getNodeType());
        }
    }

    private static void number(JsonGenerator generator, JsonNode node) {
        switch (node.numberType()) {
            case INT -> generator.writeNumber(node.intValue());
            case LONG -> generator.writeNumber(node.longValue());
            case BIG_INTEGER -> generator.writeNumber(node.bigIntegerValue());
            case FLOAT -> generator.writeNumber(node.floatValue());
            case DOUBLE -> generator.writeNumber(node.doubleValue());
            default -> generator.writeNumber(node.decimalValue());
        }
    }
}
