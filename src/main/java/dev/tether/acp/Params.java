package dev.tether.acp;

import dev.tether.jsonrpc.JsonRpcException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Reads request params with readable invalid-params errors. */
final class Params {
    private Params() {}

    static JsonNode object(JsonNode params, String method) {
        if (params == null || params.isNull() || params.isMissingNode()) {
            throw JsonRpcException.invalidParams("Invalid params: " + method + " needs a params object");
        }
        if (!params.isObject()) {
            throw JsonRpcException.invalidParams("Invalid params: " + method + " params must be an object");
        }
        return params;
    }

    static String string(JsonNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" is required");
        }
        if (!value.isString()) {
            throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" must be a string");
        }
        return value.asString();
    }

    static String optionalString(JsonNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" must be a string");
        }
        return value.asString();
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

    static List<Path> directories(JsonNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" must be an array of absolute paths");
        }
        List<Path> paths = new ArrayList<>();
        for (JsonNode item : value) {
            if (!item.isString()) {
                throw JsonRpcException.invalidParams("Invalid params: \"" + field + "\" must contain strings");
            }
            paths.add(absolutePath(item.asString(), field));
        }
        return List.copyOf(paths);
    }
}
