package dev.tether.jsonrpc;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * A JSON-RPC request id: a string, an integer or null. Kept as the original JSON value so an
 * answer echoes exactly what the peer sent.
 */
public record RequestId(JsonNode value) {
    public static final RequestId NULL = new RequestId(JsonNodeFactory.instance.nullNode());

    public RequestId {
        if (value == null) {
            value = JsonNodeFactory.instance.nullNode();
        }
    }

    public static RequestId of(long number) {
        return new RequestId(JsonNodeFactory.instance.numberNode(number));
    }

    public static RequestId of(String text) {
        return new RequestId(JsonNodeFactory.instance.stringNode(text));
    }

    /** Whether this is a valid id for a request: a string or an integral number. */
    public boolean isValid() {
        return value.isString() || value.isIntegralNumber();
    }

    /** A key that keeps "1" and 1 apart. */
    String key() {
        return value.toString();
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
