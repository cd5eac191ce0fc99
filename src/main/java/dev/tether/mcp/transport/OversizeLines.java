package dev.tether.mcp.transport;

import dev.tether.json.Json;
import dev.tether.jsonrpc.LineChannel;
import dev.tether.jsonrpc.OversizeId;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The error answer a request gets when the server's answer to it was too long to read. */
public final class OversizeLines {
    private OversizeLines() {}

    /** The id of the message, or null when neither end shows one. */
    public static JsonNode requestId(LineChannel.Oversize line) {
        return OversizeId.of(line);
    }

    /** Why an HTTP answer or SSE event of the server was dropped, for the request that waited on it. */
    public static String tooLarge(int limit) {
        return "the server's answer is larger than the " + OversizeId.megabytes(limit)
                + " message limit and was dropped (mcp.maxMessageMegabytes in the Tether config file raises it)";
    }

    /** An error answer for {@code id}, as if the server had sent it. */
    public static ObjectNode errorAnswer(JsonNode id, long bytes, int limit) {
        ObjectNode answer = Json.object();
        answer.put("jsonrpc", "2.0");
        answer.set("id", id);
        ObjectNode error = answer.putObject("error");
        error.put("code", -32603);
        error.put("message", "the server's answer (" + OversizeId.megabytes(bytes) + ") is larger than the " + OversizeId.megabytes(limit)
                + " message limit and was dropped (mcp.maxMessageMegabytes in the Tether config file raises it)");
        return answer;
    }
}
