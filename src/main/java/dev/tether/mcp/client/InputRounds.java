package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.RequestId;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.interaction.ServerRequestHandler;
import java.util.Map;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Multi round-trip requests (MCP 2026-07-28): a result of type {@code input_required} asks for
 * elicitations, sampling or roots before the server can finish. Each embedded request is answered
 * through the same {@link ServerRequestHandler} that answers a server's own requests (policy,
 * hooks, the editor), then the original request is sent again — a new JSON-RPC id — with the
 * {@code inputResponses} and the server's {@code requestState} unchanged. Everything lives in one
 * call's frame, so parallel requests and their cancellations never see each other's rounds.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/patterns/mrtr">MCP multi round-trip requests</a>
 */
final class InputRounds {
    /** Rounds one request may take before Tether gives up on a server that keeps asking. */
    static final int MAX_ROUNDS = 8;
    /** Embedded requests one round may carry. */
    static final int MAX_REQUESTS_PER_ROUND = 16;
    private static final int MAX_KEY_CHARS = 128;

    /** Answers one embedded request as if the server had sent it; counted as serving, not idling. */
    interface Answerer {
        JsonNode answer(InboundRequest request);
    }

    private InputRounds() {}

    /**
     * Completes {@code first}, the answer to {@code params}: while it asks for input, answers and
     * sends again through {@code send}, at most {@link #MAX_ROUNDS} times. A task handle
     * ({@code resultType: "task"}) ends the rounds only when {@code taskAllowed}: Tether declared the
     * tasks extension on this request; a server must not answer anything else with a task.
     *
     * @throws McpError an unknown result type, a malformed or unanswerable input request, or too many rounds
     */
    static JsonNode settle(String method, ObjectNode params, JsonNode first, Function<ObjectNode, JsonNode> send,
                           Answerer answerer, boolean taskAllowed, Cancellation cancellation) {
        JsonNode result = first;
        for (int round = 1; ; round++) {
            String type = Stateless2026.resultType(result);
            switch (type) {
                case "complete" -> {
                    return result;
                }
                case "task" -> {
                    if (taskAllowed) {
                        return result;
                    }
                    throw new McpError.Malformed("server answered " + method + " with a task, although Tether did not "
                            + "declare the tasks extension on that request");
                }
                case "input_required" -> {
                    if (round > MAX_ROUNDS) {
                        throw new McpError.Refused(McpError.Refused.Ground.BOUND, method + " still asked for more input after "
                                + MAX_ROUNDS + " rounds; Tether stopped answering");
                    }
                    ObjectNode next = retry(method, params, result, answerer, cancellation);
                    cancellation.throwIfCancelled();
                    result = send.apply(next);
                }
                default -> throw new McpError.Malformed("server answered " + method + " with result type \""
                        + printable(type) + "\", which Tether does not know");
            }
        }
    }

    private static ObjectNode retry(String method, ObjectNode params, JsonNode asked, Answerer answerer,
                                    Cancellation cancellation) {
        JsonNode requests = asked.get("inputRequests");
        JsonNode state = asked.get("requestState");
        boolean hasRequests = requests != null && requests.isObject() && !requests.isEmpty();
        if (!hasRequests && (state == null || !state.isString())) {
            throw new McpError.Malformed("server asked for input to " + method + " without saying what it needs");
        }
        ObjectNode next = params.deepCopy();
        next.remove("inputResponses");
        next.remove("requestState");
        if (hasRequests) {
            if (requests.size() > MAX_REQUESTS_PER_ROUND) {
                throw new McpError.Refused(McpError.Refused.Ground.BOUND, "server asked for " + requests.size()
                        + " inputs at once to " + method + "; Tether answers at most " + MAX_REQUESTS_PER_ROUND);
            }
            ObjectNode responses = next.putObject("inputResponses");
            for (Map.Entry<String, JsonNode> entry : requests.properties()) {
                String key = entry.getKey();
                if (key.isEmpty() || key.length() > MAX_KEY_CHARS) {
                    throw new McpError.Malformed("server named an input request of " + method + " with an unusable key");
                }
                responses.set(key, answer(method, key, entry.getValue(), answerer, cancellation));
            }
        }
        if (state != null && state.isString()) {
            next.set("requestState", state);
        }
        return next;
    }

    /** Answers one embedded request ({@code key} names it) through {@code answerer}; also used for a task's input requests. */
    static JsonNode answer(String method, String key, JsonNode request, Answerer answerer, Cancellation cancellation) {
        String inner = McpWire.text(request, "method");
        if (inner == null || !ServerRequestHandler.ROUTED.contains(inner)) {
            throw new McpError.Malformed("server asked for input to " + method + " of a kind Tether does not know ("
                    + printable(inner == null ? "no method" : inner) + ")");
        }
        JsonNode innerParams = request.get("params");
        InboundRequest inbound = new InboundRequest(RequestId.of("input:" + key), inner,
                innerParams == null || innerParams.isNull() ? Json.object() : innerParams, cancellation);
        try {
            JsonNode answer = answerer.answer(inbound);
            return answer == null ? Json.object() : answer;
        } catch (JsonRpcException e) {
            throw new McpError.Refused(McpError.Refused.Ground.NOT_OFFERED, method + " needs an answer to " + inner
                    + " that Tether could not give: " + e.getMessage());
        }
    }

    private static String printable(String text) {
        String cut = text.length() > 40 ? text.substring(0, 40) + "…" : text;
        return cut.replaceAll("[^\\x20-\\x7E]", "?");
    }
}
