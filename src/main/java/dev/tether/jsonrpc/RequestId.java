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

    /**
     * A key that keeps "1" and 1 apart, and reads 1 the same however its number was held. Not
     * {@code value.toString()}: Jackson serialises with its databind machinery there, whose set-up
     * the first request would otherwise wait for.
     */
    String key() {
        if (value.isString()) {
            return "s" + value.asString();
        }
        if (value.isIntegralNumber()) {
            return "n" + value.bigIntegerValue();
        }
        return "j" + value;
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
