package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpProgress;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.settings.McpRuntimeOptions;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The {@code tools/call} path of one {@link McpConnection}: each call runs under the caller's
 * cancellation and the connection's lifetime, a result of an older generation is dropped, and a
 * call is sent once more after the connection is ready again when the server refused it for an
 * expired session (HTTP 404 or -32001: it never ran), or when it is retryable (read-only or
 * idempotent) and its transport died. No call is sent more than twice.
 */
final class ToolCalls {
    private static final Logger LOG = LoggerFactory.getLogger(ToolCalls.class);

    /** The connection as the call path sees it. */
    interface Target {
        /** The session, channel and generation of the ready connection. @throws McpError.NotReady not ready */
        Ready ready();

        int generation();

        /** Waits (bounded by the recovery budget) until a generation newer than {@code gen} is ready. */
        boolean awaitReadyAfter(int gen, Cancellation cancellation);
    }

    record Ready(McpClientSession client, ObservedChannel channel, int generation) {}

    private final String server;
    private final McpRuntimeOptions options;
    private final Cancellation lifetime;
    private final Target target;

    ToolCalls(String server, McpRuntimeOptions options, Cancellation lifetime, Target target) {
        this.server = server;
        this.options = options;
        this.lifetime = lifetime;
        this.target = target;
    }

    /** See {@link McpConnection#call(String, JsonNode, boolean, Cancellation, Consumer)}. */
    McpCallResult call(String tool, JsonNode arguments, boolean retryable, Cancellation cancellation,
                       Consumer<McpProgress> progress) {
        try {
            return callOnce(tool, arguments, cancellation, progress);
        } catch (McpError.TransportLost lost) {
            // A call refused for an expired session never ran, so it is safe to send again whatever its hints.
            if (!(retryable || lost.sessionExpired()) || !target.awaitReadyAfter(lost.generation(), cancellation)) {
                throw lost;
            }
            LOG.info("mcp {}: retrying {} once after reconnecting", server, tool);
            return callOnce(tool, arguments, cancellation, progress);
        }
    }

    private McpCallResult callOnce(String tool, JsonNode arguments, Cancellation cancellation, Consumer<McpProgress> progress) {
        Ready ready = target.ready();
        McpClientSession client = ready.client();
        int gen = ready.generation();
        McpRuntimeOptions.CallTimeouts limits = options.callTimeoutsFor(server);
        try (Cancellation callCancellation = cancellation.child();
             Cancellation.Registration ignored = lifetime.onCancel(callCancellation::cancel)) {
            McpCallResult result = client.callTool(tool, arguments,
                    new McpClientSession.CallLimits(limits.idle(), limits.total()), callCancellation, progress);
            if (gen != target.generation()) {
                result.release();
                throw new McpError.Superseded("the server was reconnected during the call; its result was dropped");
            }
            return result;
        } catch (McpError e) {
            throw afterFailure(e, ready, gen);
        } catch (CancelledException e) {
            if (!cancellation.isCancelled()) {
                if (client.isClosed() && ready.channel().failed()) {
                    throw new McpError.TransportLost(gen, "the server connection ended during the call");
                }
                throw new McpError.Superseded("the server connection was closed during the call");
            }
            throw e;
        }
    }

    /**
     * What a failed call of generation {@code gen} amounts to once the state of its transport is
     * known: a failure of a transport that died is retryable ({@link McpError.TransportLost}),
     * unless time had run out anyway; one whose connection was replaced is dropped.
     */
    private McpError afterFailure(McpError e, Ready ready, int gen) {
        boolean closed = ready.client().isClosed();
        boolean transportDied = closed && ready.channel().failed();
        boolean replaced = closed && gen != target.generation();
        return switch (e) {
            case McpError.ErrorAnswer answer when answer.code() == ObservedChannel.SESSION_NOT_FOUND ->
                    new McpError.TransportLost(gen, answer.getMessage(), true);
            case McpError.Timeout timeout -> replaced ? abandoned() : timeout;
            default -> transportDied ? new McpError.TransportLost(gen, e.getMessage()) : replaced ? abandoned() : e;
        };
    }

    private static McpError abandoned() {
        return new McpError.Superseded("the server was reconnected or disconnected during the call; the call was abandoned");
    }
}
