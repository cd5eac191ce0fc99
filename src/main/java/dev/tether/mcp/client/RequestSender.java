package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
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
 * How the requests of one {@link McpClientSession} go out and their answers come back, under the
 * {@link Revision} its handshake committed: enveloped as the revision sends them, awaited with the
 * caller's cancellation and a timeout named by its kind, and completed as the revision completes
 * them (the input rounds of 2026-07-28). Error answers and timeouts become {@link McpError}. The
 * session's helpers ask it for the committed revision.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/lifecycle">MCP 2026-07-28 lifecycle</a>
 */
final class RequestSender {
    private final JsonRpcConnection rpc;
    /** Committed by the handshake; a session not greeted yet holds {@link Stateful2025#ungreeted}. */
    private volatile Revision revision;

    RequestSender(JsonRpcConnection rpc) {
        this.rpc = rpc;
    }

    /** Commits the revision the server speaks: from now on every request goes out as it says. */
    void commit(Revision revision) {
        this.revision = revision;
    }

    /** The committed revision, with the server's greeting. */
    Revision revision() {
        return revision;
    }

    /** Sends {@code method} as the revision envelopes it; {@code tasks}: the envelope also declares the tasks extension. */
    OutboundCall request(String method, ObjectNode params, boolean tasks) {
        return request(method, params, tasks, false);
    }

    /** As {@link #request(String, ObjectNode, boolean)}; {@code spilledText}: see {@link JsonRpcConnection#request(String, Object, boolean)}. */
    OutboundCall request(String method, ObjectNode params, boolean tasks, boolean spilledText) {
        return rpc.request(method, revision.envelope(params, tasks), spilledText);
    }

    /** Completes {@code first}, the answer to {@code params}, as the revision does (see {@link Revision#settle}). */
    JsonNode settled(String method, ObjectNode params, JsonNode first, Function<ObjectNode, JsonNode> again, boolean tasks,
                     Cancellation cancellation) {
        return revision.settle(method, params, first, again, tasks, cancellation);
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
