package dev.tether.config.schema;

import tools.jackson.databind.JsonNode;

/** Finds the sub-schema that describes the value at a dotted path, through properties, additionalProperties and local $refs. */
final class SchemaWalk {
    private SchemaWalk() {}

    static JsonNode at(JsonNode root, String path) {
        JsonNode node = resolve(root, root);
        if (path.isEmpty()) {
            return node;
        }
        for (String segment : path.split("\\.")) {
            if (node == null) {
                return null;
            }
            JsonNode next = node.path("properties").get(segment);
            if (next == null && node.path("additionalProperties").isObject()) {
                next = node.get("additionalProperties");
            }
            node = next == null ? null : resolve(root, next);
        }
        return node;
    }

    static JsonNode resolve(JsonNode root, JsonNode node) {
        JsonNode ref = node.get("$ref");
        if (ref != null && ref.isString() && ref.asString().startsWith("#/")) {
            return root.at(ref.asString().substring(1));
        }
        return node;
    }
}
