package dev.tether.jsonrpc;

import dev.tether.json.Trees;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** A JSON-RPC 2.0 message: request, notification or response. */
public sealed interface Message {

    /** The frame as JSON. */
    ObjectNode toJson();

    record Request(RequestId id, String method, JsonNode params) implements Message {
        @Override
        public ObjectNode toJson() {
            ObjectNode node = envelope();
            node.set("id", id.value());
            node.put("method", method);
            if (params != null && !params.isNull()) {
                node.set("params", params);
            }
            return node;
        }
    }

    record Notification(String method, JsonNode params) implements Message {
        @Override
        public ObjectNode toJson() {
            ObjectNode node = envelope();
            node.put("method", method);
            if (params != null && !params.isNull()) {
                node.set("params", params);
            }
            return node;
        }
    }

    /** A response: exactly one of {@code result} and {@code error} is set. */
    record Response(RequestId id, JsonNode result, JsonRpcError error) implements Message {
        public static Response success(RequestId id, JsonNode result) {
            return new Response(id, result == null ? Trees.object() : result, null);
        }

        public static Response failure(RequestId id, JsonRpcError error) {
            return new Response(id, null, error);
        }

        @Override
        public ObjectNode toJson() {
            ObjectNode node = envelope();
            node.set("id", id.value());
            if (error != null) {
                ObjectNode err = node.putObject("error");
                err.put("code", error.code());
                err.put("message", error.message());
                if (error.data() != null) {
                    err.set("data", error.data());
                }
            } else {
                node.set("result", result);
            }
            return node;
        }
    }

    private static ObjectNode envelope() {
        ObjectNode node = Trees.object();
        node.put("jsonrpc", "2.0");
        return node;
    }

    /**
     * Reads a frame. Throws {@link JsonRpcException} with {@code INVALID_REQUEST} for JSON that
     * is not a JSON-RPC 2.0 message.
     */
    static Message parse(JsonNode node) {
        if (!(node instanceof ObjectNode obj)) {
            throw new JsonRpcException(JsonRpcError.INVALID_REQUEST, "Invalid request: a JSON-RPC message must be a JSON object");
        }
        if (!"2.0".equals(obj.path("jsonrpc").asString(null))) {
            throw new JsonRpcException(JsonRpcError.INVALID_REQUEST, "Invalid request: \"jsonrpc\" must be \"2.0\"");
        }
        JsonNode method = obj.get("method");
        JsonNode params = obj.get("params");
        if (method != null) {
            if (!method.isString()) {
                throw new JsonRpcException(JsonRpcError.INVALID_REQUEST, "Invalid request: \"method\" must be a string");
            }
            if (params != null && !params.isObject() && !params.isArray() && !params.isNull()) {
                throw new JsonRpcException(JsonRpcError.INVALID_REQUEST, "Invalid request: \"params\" must be an object or array");
            }
            if (!obj.has("id")) {
                return new Notification(method.asString(), params);
            }
            RequestId id = new RequestId(obj.get("id"));
            if (!id.isValid()) {
                throw new JsonRpcException(JsonRpcError.INVALID_REQUEST, "Invalid request: \"id\" must be a string or an integer");
            }
            return new Request(id, method.asString(), params);
        }
        if (obj.has("id") && (obj.has("result") || obj.has("error"))) {
            RequestId id = new RequestId(obj.get("id"));
            JsonNode error = obj.get("error");
            if (error != null && !error.isNull()) {
                int code = error.path("code").asInt(JsonRpcError.INTERNAL_ERROR);
                String message = error.path("message").asString("error");
                return new Response(id, null, new JsonRpcError(code, message, error.get("data")));
            }
            JsonNode result = obj.get("result");
            return new Response(id, result == null ? Trees.object() : result, null);
        }
        throw new JsonRpcException(JsonRpcError.INVALID_REQUEST, "Invalid request: neither a request, a notification nor a response");
    }
}
