package dev.tether.mcp.interaction.elicitation;

import dev.tether.base.Cancellation;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.security.JsonSanitizer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The tool-call side of URL elicitation: the call is marked as in flight for its server, and when
 * the server answers -32042 ({@code URLElicitationRequiredError}) each URL in
 * {@code error.data.elicitations} is checked and shown to the user (through the hook and the
 * host, like any URL elicitation); once all are accepted and completed ({@link #complete}: the
 * server's {@code notifications/elicitation/complete}), or the completion wait ran out, the call is
 * sent again — at most {@code retries} times. A refused URL, a user's "no", or a server that keeps
 * asking ends the call with a readable {@link McpError}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation#url-elicitation-required-error">MCP -32042</a>
 */
public final class UrlElicitationRetry implements ToolCallScope {
    private static final Logger LOG = LoggerFactory.getLogger(UrlElicitationRetry.class);
    static final int URL_ELICITATION_REQUIRED = -32042;
    private static final int MAX_ELICITATIONS = 5;

    private final InFlightCalls calls;
    private final ElicitationFlow flow;
    private final ElicitationCompletions completions = new ElicitationCompletions();
    private final int retries;
    private final Duration completionWait;

    /**
     * @param retries        how often a call failing with -32042 is sent again
     * @param completionWait how long a retry waits for the completion of the URLs the user opened
     */
    public UrlElicitationRetry(InFlightCalls calls, ElicitationFlow flow, int retries, Duration completionWait) {
        this.calls = calls;
        this.flow = flow;
        this.retries = retries;
        this.completionWait = completionWait;
    }

    /** The server says the browser step {@code elicitationId} is done: a retry waiting for it goes ahead. */
    public void complete(String server, String elicitationId) {
        completions.complete(server, elicitationId);
    }

    @Override
    public McpCallResult run(String server, String toolCallId, Cancellation cancellation, Supplier<McpCallResult> call) {
        try (InFlightCalls.Scope ignored = calls.enter(server, toolCallId, cancellation)) {
            for (int retry = 0; ; retry++) {
                try {
                    return call.get();
                } catch (McpError.ErrorAnswer e) {
                    if (e.code() != URL_ELICITATION_REQUIRED) {
                        throw e;
                    }
                    if (retry >= retries) {
                        throw new McpError.Refused(McpError.Refused.Ground.BOUND, "the server still asks for a step in the browser after "
                                + retries + " retries; giving up");
                    }
                    satisfy(server, toolCallId, e.data(), cancellation);
                    LOG.info("mcp {}: retrying a call after a URL elicitation (retry {})", server, retry + 1);
                }
            }
        }
    }

    /** Shows every URL the error asks for; returns when all were accepted and completed (or the wait ran out). */
    private void satisfy(String server, String toolCallId, JsonNode rawData, Cancellation cancellation) {
        JsonNode data = JsonSanitizer.clean(rawData, 6, 64 * 1024);
        JsonNode listed = data == null ? null : data.get("elicitations");
        if (listed == null || !listed.isArray() || listed.isEmpty() || listed.size() > MAX_ELICITATIONS) {
            throw new McpError.Malformed("the server asks for a step in the browser but sent no usable URL");
        }
        List<String> ids = new ArrayList<>();
        for (JsonNode item : listed) {
            Elicitation request;
            try {
                if (!"url".equals(item.path("mode").asString("url"))) {
                    throw JsonRpcException.invalidParams("only URL elicitations may come with -32042");
                }
                request = flow.urlRequest(server, item, toolCallId, ElicitationFlow.message(item.get("message")));
            } catch (JsonRpcException e) {
                throw new McpError.Refused(McpError.Refused.Ground.POLICY,
                        "the server asks for a step in the browser that Tether will not show: " + e.getMessage());
            }
            ElicitationReply reply = flow.ask(request, cancellation);
            cancellation.throwIfCancelled();
            if (!reply.action().equals("accept")) {
                throw new McpError.Refused(McpError.Refused.Ground.DECLINED,
                        "the server needs a step in the browser (" + request.urlHost() + ") and the user did not open it (" + reply.action() + ")");
            }
            ids.add(request.elicitationId());
        }
        if (!completions.await(server, ids, completionWait, cancellation)) {
            LOG.info("mcp {}: no elicitation/complete within {} s; retrying anyway", server,
                    completionWait.toSeconds());
        }
    }
}
