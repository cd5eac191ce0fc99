package dev.tether.mcp.interaction.elicitation;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One {@code elicitation/create} from a server, from its checks to the answer sent back: the
 * request is checked (form schema within the allowed subset, URL safe to show, no task
 * augmentation) and sanitised, tied to the only tool call in flight to that server, passed
 * through the {@link ElicitationHook} to the host with a time limit, and the reply is validated
 * against the original form. A malformed request is a JSON-RPC error; every "no" — no
 * interaction surface, timeout, cancellation, a failing host, an invalid reply — is an answer of
 * {@code decline} or {@code cancel}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation">MCP elicitation</a>
 */
public final class ElicitationFlow {
    private static final Logger LOG = LoggerFactory.getLogger(ElicitationFlow.class);
    static final int MAX_MESSAGE_BYTES = 4096;

    private final ElicitationSurface surface;
    private final ElicitationHook hook;
    private final InFlightCalls calls;
    private final Duration timeout;

    /**
     * @param surface where requests are shown (the session's host)
     * @param timeout how long a request waits for the user before it is cancelled
     */
    public ElicitationFlow(ElicitationSurface surface, ElicitationHook hook, InFlightCalls calls, Duration timeout) {
        this.surface = surface;
        this.hook = hook;
        this.calls = calls;
        this.timeout = timeout;
    }

    /** Answers one {@code elicitation/create}; throws {@link JsonRpcException} for a request that is refused. */
    public JsonNode handle(String server, JsonNode params, Cancellation withdrawn) {
        if (params == null || !params.isObject()) {
            throw JsonRpcException.invalidParams("elicitation/create needs params");
        }
        if (params.has("task")) {
            throw JsonRpcException.invalidParams("Tether does not accept task-augmented elicitation requests");
        }
        String mode = params.path("mode").asString(Elicitation.FORM);
        String toolCallId = calls.single(server);
        String message = message(params.get("message"));
        return switch (mode) {
            case Elicitation.FORM -> {
                if (!surface.canElicitForm()) {
                    throw JsonRpcException.invalidParams("this client does not offer form elicitation");
                }
                FormSchema form;
                try {
                    form = FormSchema.parse(params.get("requestedSchema"));
                } catch (FormSchema.Refused e) {
                    LOG.info("mcp {}: refused a form elicitation: {}", server, e.getMessage());
                    throw JsonRpcException.invalidParams(e.getMessage());
                }
                Elicitation request = new Elicitation(server, Elicitation.FORM, message, form.schema(), null, null, toolCallId);
                yield reply(checked(ask(request, withdrawn), form));
            }
            case Elicitation.URL -> {
                Elicitation request = urlRequest(server, params, toolCallId, message);
                ElicitationReply answer = ask(request, withdrawn);
                yield reply(answer.action().equals("accept") ? new ElicitationReply("accept", null) : answer);
            }
            default -> throw JsonRpcException.invalidParams("unknown elicitation mode");
        };
    }

    /**
     * A checked url-mode request; throws a readable {@link JsonRpcException} when it may not be
     * shown — among others when no call to {@code server} is in flight: a page to open in the
     * browser must come from something the user started, not out of the blue.
     */
    Elicitation urlRequest(String server, JsonNode params, String toolCallId, String message) {
        if (!surface.canElicitUrl()) {
            throw JsonRpcException.invalidParams("this client does not offer URL elicitation");
        }
        if (!calls.any(server)) {
            LOG.info("mcp {}: refused a URL elicitation while none of its calls was running", server);
            throw JsonRpcException.invalidParams("Tether accepts URL elicitations only during a tool call to this server");
        }
        String elicitationId = params.path("elicitationId").asString(null);
        if (elicitationId == null || elicitationId.isBlank() || elicitationId.length() > 256
                || !UnicodeSanitizer.isClean(elicitationId)) {
            throw JsonRpcException.invalidParams("a URL elicitation needs a plain elicitationId");
        }
        try {
            UrlCheck.Checked url = UrlCheck.check(params.path("url").asString(null));
            return new Elicitation(server, Elicitation.URL, message, null, url.url(), elicitationId, toolCallId);
        } catch (UrlCheck.Refused e) {
            LOG.info("mcp {}: refused a URL elicitation: {}", server, e.getMessage());
            throw JsonRpcException.invalidParams(e.getMessage());
        }
    }

    static String message(JsonNode raw) {
        String text = raw != null && raw.isString() ? raw.asString() : "";
        return Redactor.cap(UnicodeSanitizer.clean(text).strip(), MAX_MESSAGE_BYTES);
    }

    /**
     * Shows a checked request through the hook and the host, within the elicitation timeout;
     * cancellation (the server withdrew, the tool call or turn was cancelled), timeout and a
     * failing host all end as {@code cancel}.
     */
    ElicitationReply ask(Elicitation request, Cancellation withdrawn) {
        try (Cancellation waiting = withdrawn.child();
             Cancellation.Registration call = calls.onCancel(request.server(), waiting::cancel)) {
            Thread timer = Thread.ofVirtual().name("mcp-" + request.server() + "-elicit-timer").start(() -> {
                try {
                    if (!waiting.await(timeout)) {
                        LOG.info("mcp {}: nobody answered an elicitation within {} s; cancelling it",
                                request.server(), timeout.toSeconds());
                        waiting.cancel();
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            try {
                ElicitationReply reply = hook.around(request, waiting, surface::elicit);
                if (waiting.isCancelled() || reply == null) {
                    return ElicitationReply.CANCEL;
                }
                return reply;
            } finally {
                timer.interrupt();
            }
        } catch (RuntimeException e) {
            LOG.warn("mcp {}: showing an elicitation failed ({}); cancelling it", request.server(), e.getClass().getSimpleName());
            return ElicitationReply.CANCEL;
        }
    }

    /** The reply as sent: an accepted form answer that breaks the form becomes {@code cancel}. */
    static ElicitationReply checked(ElicitationReply reply, FormSchema form) {
        if (!List.of("accept", "decline", "cancel").contains(reply.action())) {
            LOG.warn("elicitation reply with unknown action; sending cancel");
            return ElicitationReply.CANCEL;
        }
        if (!reply.action().equals("accept")) {
            return new ElicitationReply(reply.action(), null);
        }
        List<String> problems = form.violations(reply.content());
        if (!problems.isEmpty()) {
            LOG.warn("elicitation answer does not fit the form ({}); sending cancel", String.join("; ", problems));
            return ElicitationReply.CANCEL;
        }
        return new ElicitationReply("accept", reply.content().deepCopy());
    }

    private static JsonNode reply(ElicitationReply reply) {
        ObjectNode result = Json.object();
        result.put("action", reply.action());
        if (reply.content() != null) {
            result.set("content", reply.content());
        }
        return result;
    }
}
