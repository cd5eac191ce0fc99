package dev.tether.mcp.interaction.sampling;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.jsonrpc.JsonRpcError;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks one {@code sampling/createMessage} of a server whose policy enables sampling and hands it
 * to the host (which asks the user, then runs the session's model). Refused with a readable
 * JSON-RPC error: requests offering {@code tools} (or a {@code toolChoice}), asking for context
 * other than {@code none}, task-augmented, with content other than text and images, or arriving
 * while another sampling request of the same server runs, or longer in all than the user can review
 * ({@link Sampling#MAX_REVIEW_CHARS}: the host shows the request whole, so what the user approves is
 * what is sent). {@code maxTokens} is capped; all text is sanitised and bounded. The answer is the
 * model's text only.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/sampling">MCP sampling</a>
 */
public final class SamplingGate {
    private static final Logger LOG = LoggerFactory.getLogger(SamplingGate.class);
    /** JSON-RPC code the spec's examples use for a request the user rejected. */
    static final int USER_REJECTED = -1;
    static final int MAX_MESSAGES = 50;
    static final int MAX_TEXT_BYTES = 64 * 1024;
    static final int MAX_IMAGE_BASE64_CHARS = 4 * 1024 * 1024;

    private final Sampler sampler;
    private final int maxTokens;
    private final CallCancellation calls;
    private final Set<String> running = ConcurrentHashMap.newKeySet();

    /**
     * How sampling sees the tool calls in flight: {@code action} runs when the only call to
     * {@code server} in flight is cancelled (nothing happens when there is no single call).
     */
    @FunctionalInterface
    public interface CallCancellation {
        Cancellation.Registration onCancel(String server, Runnable action);
    }

    /**
     * @param sampler   asks the user and runs the request (the session's host)
     * @param maxTokens the most tokens a request may ask for; larger requests are capped
     */
    public SamplingGate(Sampler sampler, int maxTokens, CallCancellation calls) {
        this.sampler = sampler;
        this.maxTokens = maxTokens;
        this.calls = calls;
    }

    public JsonNode handle(String server, JsonNode params, Cancellation cancellation) {
        Sampling request = check(server, params);
        if (!running.add(server)) {
            throw refused("another sampling request of this server is still running");
        }
        try {
            SamplingReply reply;
            // Cancelling the tool call that caused the request (the user cancelled the turn) withdraws the consent too.
            try (Cancellation waiting = cancellation.child();
                 Cancellation.Registration call = calls.onCancel(server, waiting::cancel)) {
                reply = sampler.sample(request, waiting);
            } catch (RuntimeException e) {
                LOG.warn("mcp {}: sampling failed ({})", server, e.getClass().getSimpleName());
                throw new JsonRpcException(JsonRpcError.INTERNAL_ERROR, "sampling failed");
            }
            if (reply == null || reply.isRefused()) {
                throw new JsonRpcException(USER_REJECTED, reply == null ? "sampling was refused"
                        : Redactor.redact(reply.refusal()));
            }
            ObjectNode result = Json.object();
            result.put("role", "assistant");
            result.putObject("content").put("type", "text").put("text", reply.text() == null ? "" : reply.text());
            result.put("model", reply.model() == null ? "unknown" : reply.model());
            result.put("stopReason", reply.stopReason() == null ? "endTurn" : reply.stopReason());
            return result;
        } finally {
            running.remove(server);
        }
    }

    /** The request as the host sees it; throws a readable refusal for anything Tether does not do. */
    Sampling check(String server, JsonNode params) {
        if (params == null || !params.isObject()) {
            throw JsonRpcException.invalidParams("sampling/createMessage needs params");
        }
        if (params.has("tools") || params.has("toolChoice")) {
            throw refused("Tether does not offer tools to sampling requests");
        }
        String context = params.path("includeContext").asString("none");
        if (!context.equals("none")) {
            throw refused("Tether does not share session context with MCP servers (includeContext must be \"none\")");
        }
        if (params.has("task")) {
            throw refused("Tether does not accept task-augmented sampling requests");
        }
        JsonNode requested = params.get("maxTokens");
        if (requested == null || !requested.isIntegralNumber() || requested.asLong() < 1) {
            throw JsonRpcException.invalidParams("maxTokens must be a positive integer");
        }
        int tokens = (int) Math.min(requested.asLong(), maxTokens);
        JsonNode messages = params.get("messages");
        if (messages == null || !messages.isArray() || messages.isEmpty() || messages.size() > MAX_MESSAGES) {
            throw JsonRpcException.invalidParams("messages must list 1 to " + MAX_MESSAGES + " messages");
        }
        List<ModelMessage> mapped = new ArrayList<>();
        for (JsonNode message : messages) {
            mapped.add(message(message));
        }
        JsonNode system = params.get("systemPrompt");
        String systemPrompt = system != null && system.isString() ? text(system.asString()) : null;
        Sampling sampling = new Sampling(server, mapped, systemPrompt, tokens);
        // The user approves what is sent: a request too long to show whole is not shown in part.
        int length = sampling.transcript().length();
        if (length > Sampling.MAX_REVIEW_CHARS) {
            throw refused("the sampling request is " + length + " characters long; Tether asks the user to approve"
                    + " requests of at most " + Sampling.MAX_REVIEW_CHARS + " characters, shown whole");
        }
        return sampling;
    }

    private static ModelMessage message(JsonNode message) {
        String role = message.path("role").asString("");
        if (!role.equals("user") && !role.equals("assistant")) {
            throw JsonRpcException.invalidParams("each message needs the role user or assistant");
        }
        JsonNode content = message.get("content");
        List<Part> parts = new ArrayList<>();
        if (content != null && content.isArray()) {
            for (JsonNode block : content) {
                parts.add(part(block));
            }
        } else if (content != null && content.isObject()) {
            parts.add(part(content));
        } else {
            throw JsonRpcException.invalidParams("each message needs content");
        }
        return role.equals("user") ? ModelMessage.user(parts) : ModelMessage.assistant(parts);
    }

    private static Part part(JsonNode block) {
        String type = block.path("type").asString("");
        return switch (type) {
            case "text" -> new Part.Text(text(block.path("text").asString("")));
            case "image" -> {
                String mime = block.path("mimeType").asString("");
                String data = block.path("data").asString("");
                if (!mime.matches("image/(png|jpeg|gif|webp)") || data.isEmpty() || data.length() > MAX_IMAGE_BASE64_CHARS
                        || !data.matches("[A-Za-z0-9+/=\\s]+")) {
                    throw refused("an image in a sampling request is not a PNG, JPEG, GIF or WebP of at most 3 MB");
                }
                yield new Part.Image(mime, data);
            }
            default -> throw refused("Tether samples only text and images, not \"" + UnicodeSanitizer.clean(type) + "\" content");
        };
    }

    private static String text(String raw) {
        return Redactor.cap(UnicodeSanitizer.clean(raw), MAX_TEXT_BYTES);
    }

    private static JsonRpcException refused(String why) {
        return JsonRpcException.invalidParams(why);
    }
}
