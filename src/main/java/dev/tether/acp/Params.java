package dev.tether.acp;

import dev.tether.json.Json;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Reads request params as the records of {@code acp.schema.agent}, with invalid-params errors that
 * name the field: with the mapper ({@link #read}), or by hand for the methods that must not wait
 * for it ({@link #string}, {@link #strings}). Reading checks JSON types only (a number is not a
 * string, and members Tether does not know are ignored); what a value must be beyond its type
 * (present, an absolute path) is checked by the handler, in the order that decides which error an
 * editor sees first.
 */
final class Params {
    private Params() {}

    /** The params as {@code type}: a value of the wrong JSON type is invalid params naming it ({@code "cwd" must be a string}). */
    static <T> T read(InboundRequest request, Class<T> type) {
        JsonNode params = object(request);
        try {
            return Json.strictStrings().treeToValue(params, type);
        } catch (JacksonException e) {
            throw JsonRpcException.invalidParams("Invalid params: " + problem(e, where(e.getPath(), request.method())));
        }
    }

    /** A string member read by hand, as {@link #read} would: null when it is absent or null. */
    static String string(JsonNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" must be a string");
        }
        return value.asString();
    }

    /** The params, which must be an object. */
    static JsonNode object(InboundRequest request) {
        JsonNode params = request.params();
        if (params == null || params.isNull() || params.isMissingNode()) {
            throw JsonRpcException.invalidParams("Invalid params: " + request.method() + " needs a params object");
        }
        if (!params.isObject()) {
            throw JsonRpcException.invalidParams("Invalid params: " + request.method() + " params must be an object");
        }
        return params;
    }

    /** The strings of an array read by hand; {@code notAnArray} or {@code notAString} is the invalid-params message. */
    static List<String> strings(JsonNode array, String notAnArray, String notAString) {
        if (!array.isArray()) {
            throw JsonRpcException.invalidParams(notAnArray);
        }
        List<String> strings = new ArrayList<>();
        for (JsonNode item : array) {
            if (!item.isString()) {
                throw JsonRpcException.invalidParams(notAString);
            }
            strings.add(item.asString());
        }
        return List.copyOf(strings);
    }

    static String required(String value, String field) {
        if (value == null) {
            throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" is required");
        }
        return value;
    }

    /** An absolute directory path, as ACP requires for cwd and additional directories. */
    static Path absolutePath(String value, String field) {
        Path path;
        try {
            path = Path.of(value);
        } catch (InvalidPathException e) {
            throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" is not a valid path");
        }
        if (!path.isAbsolute()) {
            throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" must be an absolute path, got \"" + value + "\"");
        }
        return path.normalize();
    }

    /** Each an absolute path; none when null. */
    static List<Path> directories(List<String> values, String field) {
        if (values == null) {
            return List.of();
        }
        List<Path> paths = new ArrayList<>();
        for (String value : values) {
            paths.add(absolutePath(value, field));
        }
        return List.copyOf(paths);
    }

    private static String problem(JacksonException e, String where) {
        return e instanceof MismatchedInputException m && m.getTargetType() != null ? where + " must be " + kind(m.getTargetType())
                : where + " is not valid";
    }

    /** The path to the value, quoted, as {@code "cwd"} or {@code "a[0].b"}; the method's params when it is the whole. */
    private static String where(List<JacksonException.Reference> path, String method) {
        StringBuilder where = new StringBuilder();
        for (JacksonException.Reference step : path) {
            if (step.getPropertyName() != null) {
                where.append(where.isEmpty() ? "" : ".").append(step.getPropertyName());
            } else if (step.getIndex() >= 0) {
                where.append('[').append(step.getIndex()).append(']');
            }
        }
        return where.isEmpty() ? method + " params" : "\"" + where + "\"";
    }

    private static String kind(Class<?> type) {
        if (type == String.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (java.util.Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        return "an object";
    }
}
