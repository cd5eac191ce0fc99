package dev.tether.security;

import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Copies a JSON tree from an untrusted peer with every string — object keys as well as values —
 * passed through {@link UnicodeSanitizer}, within a bound on nesting depth and on size (the
 * characters of all keys and strings plus a few per node). A tree over either bound is not
 * copied at all: the caller decides what stands in for it. Two keys that clean to the same text
 * keep the first one, so a hidden character cannot smuggle in a second value for a visible key.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations">MCP tools: security</a>
 */
public final class JsonSanitizer {
    private static final int NODE_COST = 4;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final int maxDepth;
    private final long maxSize;
    private long size;

    private JsonSanitizer(int maxDepth, long maxSize) {
        this.maxDepth = maxDepth;
        this.maxSize = maxSize;
    }

    /**
     * The cleaned copy of {@code node}, or null when it nests deeper than {@code maxDepth} or is
     * larger than {@code maxSize} (see the class comment). A null node stays null.
     */
    public static JsonNode clean(JsonNode node, int maxDepth, long maxSize) {
        if (node == null) {
            return null;
        }
        try {
            return new JsonSanitizer(maxDepth, maxSize).copy(node, 1);
        } catch (OverBound e) {
            return null;
        }
    }

    private JsonNode copy(JsonNode node, int depth) {
        if (depth > maxDepth) {
            throw new OverBound();
        }
        charge(NODE_COST);
        if (node.isObject()) {
            ObjectNode out = NODES.objectNode();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String key = UnicodeSanitizer.clean(field.getKey());
                charge(key.length());
                if (!out.has(key)) {
                    out.set(key, copy(field.getValue(), depth + 1));
                }
            }
            return out;
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode();
            for (JsonNode item : node) {
                out.add(copy(item, depth + 1));
            }
            return out;
        }
        if (node.isString()) {
            String text = node.asString();
            charge(text.length());
            return NODES.stringNode(UnicodeSanitizer.clean(text));
        }
        return node.deepCopy();
    }

    private void charge(long cost) {
        size += cost;
        if (size > maxSize) {
            throw new OverBound();
        }
    }

    private static final class OverBound extends RuntimeException {
        OverBound() {
            super(null, null, false, false);
        }
    }
}
