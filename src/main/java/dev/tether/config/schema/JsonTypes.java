package dev.tether.config.schema;

import tools.jackson.databind.JsonNode;

/** JSON types in a user's words: what a value is, and what a schema's {@code type} asks for. */
final class JsonTypes {
    private JsonTypes() {}

    static String describe(JsonNode value) {
        if (value == null || value.isNull()) {
            return "null";
        }
        if (value.isString()) {
            String text = value.asString();
            return "the text \"" + (text.length() > 40 ? text.substring(0, 40) + "…" : text) + "\"";
        }
        if (value.isBoolean() || value.isNumber()) {
            return (value.isBoolean() ? "" : "the number ") + value.asString();
        }
        return value.isArray() ? "a list" : "an object";
    }

    /** Whether {@code value} is of the type (a name, or a list of names) a schema's {@code type} keyword gives. */
    static boolean fits(JsonNode value, JsonNode type) {
        if (type.isArray()) {
            for (JsonNode one : type) {
                if (fits(value, one)) {
                    return true;
                }
            }
            return false;
        }
        return switch (type.asString()) {
            case "string" -> value.isString();
            case "integer" -> value.isIntegralNumber() || value.isNumber() && value.asDouble() == Math.rint(value.asDouble());
            case "number" -> value.isNumber();
            case "boolean" -> value.isBoolean();
            case "array" -> value.isArray();
            case "object" -> value.isObject();
            case "null" -> value.isNull();
            default -> true;
        };
    }

    /** @param schema the {@code type} keyword's value, or the schema object holding it */
    static String expected(JsonNode schema) {
        JsonNode type = schema == null ? null : schema.isObject() ? schema.get("type") : schema;
        if (type == null) {
            return "another type";
        }
        if (type.isArray()) {
            StringBuilder text = new StringBuilder();
            for (int i = 0; i < type.size(); i++) {
                text.append(i == 0 ? "" : i == type.size() - 1 ? " or " : ", ").append(word(type.get(i).asString()));
            }
            return text.toString();
        }
        return word(type.asString());
    }

    private static String word(String type) {
        return switch (type) {
            case "string" -> "text";
            case "integer" -> "a whole number";
            case "number" -> "a number";
            case "boolean" -> "true or false";
            case "array" -> "a list";
            case "object" -> "an object";
            default -> type;
        };
    }
}
