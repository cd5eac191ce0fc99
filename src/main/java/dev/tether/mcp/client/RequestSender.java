package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcConnection;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.jsonrpc.OutboundCall;
import dev.tether.mcp.api.McpError;
import java.time.Duration;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How the requests of one {@link McpClientSession} go out and their answers come back: stamped
 * with the 2026-07-28 envelope once the server speaks that revision, awaited with the caller's
 * cancellation and a timeout named by its kind, and on that revision completed through the input
 * rounds an answer may ask for ({@link InputRounds}). Error answers and timeouts become {@link McpError}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/lifecycle">MCP 2026-07-28 lifecycle</a>
 */
final class RequestSender {
    private final JsonRpcConnection rpc;
    private final InputRounds.Answerer answerer;
    /** Set when the server speaks the stateless 2026-07-28 revision: stamped on every request. */
    private volatile Stateless2026.Envelope modern;

    /** {@code answerer} serves the requests an input round embeds, as if the server had sent them. */
    RequestSender(JsonRpcConnection rpc, InputRounds.Answerer answerer) {
        this.rpc = rpc;
        this.answerer = answerer;
    }

    /** Commits the stateless path: from now on every request carries {@code envelope}. */
    void commit(Stateless2026.Envelope envelope) {
        this.modern = envelope;
    }

    /** Whether the server speaks the stateless 2026-07-28 revision. */
    boolean stateless() {
        return modern != null;
    }

    /**
     * Sends {@code method}, stamped with the 2026-07-28 envelope when the server speaks it;
     * {@code tasks}: the envelope also declares the tasks extension.
     */
    OutboundCall request(String method, ObjectNode params, boolean tasks) {
        return request(method, params, tasks, false);
    }

    /** As {@link #request(String, ObjectNode, boolean)}; {@code spilledText}: see {@link JsonRpcConnection#request(String, Object, boolean)}. */
    OutboundCall request(String method, ObjectNode params, boolean tasks, boolean spilledText) {
        Stateless2026.Envelope envelope = modern;
        if (envelope != null && tasks) {
            envelope = envelope.declaring(ExtensionTasks.EXTENSION);
        }
        return rpc.request(method, envelope == null ? params : envelope.stamp(params), spilledText);
    }

    /** Completes a 2026-07-28 answer that asks for input (see {@link InputRounds}); earlier revisions pass through. */
    JsonNode settled(String method, ObjectNode params, JsonNode first, Function<ObjectNode, JsonNode> again, boolean tasks,
                     Cancellation cancellation) {
        if (modern == null) {
            return first;
        }
        return InputRounds.settle(method, params == null ? Json.object() : params, first, again, answerer, tasks, cancellation);
    }

    /** Sends one request and waits for its answer; errors and timeouts become {@link McpError}. */
    JsonNode send(String method, ObjectNode params, Duration timeout, Cancellation cancellation) {
        return send(method, params, timeout, McpError.Timeout.Kind.REQUEST, cancellation);
    }

    /** As {@link #send(String, ObjectNode, Duration, Cancellation)}, a timeout reported as {@code kind}. */
    JsonNode send(String method, ObjectNode params, Duration timeout, McpError.Timeout.Kind kind,
                  Cancellation cancellation) {
        return send(method, params, timeout, kind, false, cancellation);
    }

    /**
     * As {@link #send(String, ObjectNode, Duration, Cancellation)}; {@code tasks}: the request declares the
     * tasks extension (MCP 2026-07-28), and a task handle is a valid answer.
     */
    JsonNode send(String method, ObjectNode params, Duration timeout, McpError.Timeout.Kind kind, boolean tasks,
                  Cancellation cancellation) {
        JsonNode first = await(request(method, params, tasks), timeout, cancellation, method, kind);
        return settled(method, params, first,
                again -> await(request(method, again, tasks), timeout, cancellation, method, kind), tasks, cancellation);
    }

    /**
     * Waits for {@code call}'s answer, withdrawing it on cancellation or timeout; an error answer, a
     * timeout (reported as {@code kind}) or the end of the connection becomes {@link McpError}.
     */
    static JsonNode await(OutboundCall call, Duration timeout, Cancellation cancellation, String what,
                          McpError.Timeout.Kind kind) {
        try {
            return call.await(cancellation, timeout);
        } catch (JsonRpcException e) {
            if (e.code() == JsonRpcError.REQUEST_CANCELLED && e.getMessage().startsWith("timed out")) {
                throw new McpError.Timeout(kind, what + " timed out after " + timeout.toMillis() + " ms" + Failures.setting(kind));
            }
            throw Failures.of(e, what);
        }
    }
}
