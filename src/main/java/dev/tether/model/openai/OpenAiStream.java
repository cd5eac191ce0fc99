package dev.tether.model.openai;

import dev.tether.json.Json;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelException.Kind;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelResponse;
import dev.tether.model.ModelStopReason;
import dev.tether.model.Part;
import dev.tether.model.Usage;
import dev.tether.model.http.ModelHttp;
import dev.tether.base.sse.SseEvent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.StringNode;

/**
 * Assembles one streamed Chat Completions answer. Tool calls are merged by index (or, when a
 * server omits it, by id, else onto the latest call) and reported when the stream ends,
 * since only then are their arguments known to be complete.
 *
 * @see <a href="https://platform.openai.com/docs/api-reference/chat-streaming">Chat streaming</a>
 */
final class OpenAiStream {
    private final ModelEvents events;
    private final Supplier<String> newCallId;
    private final StringBuilder text = new StringBuilder();
    private final StringBuilder thinking = new StringBuilder();
    private final Map<Integer, Call> calls = new LinkedHashMap<>();
    private Usage usage = Usage.ZERO;
    private String finishReason;
    private boolean done;

    OpenAiStream(ModelEvents events, Supplier<String> newCallId) {
        this.events = events;
        this.newCallId = newCallId;
    }

    private static final class Call {
        String id;
        String name;
        final StringBuilder arguments = new StringBuilder();
    }

    void accept(SseEvent event) throws ModelException {
        if (done) {
            return;
        }
        String data = event.data().strip();
        if (data.equals("[DONE]")) {
            done = true;
            return;
        }
        if (data.isEmpty()) {
            return;
        }
        JsonNode chunk;
        try {
            chunk = Json.parse(data);
        } catch (JacksonException e) {
            throw new ModelException(Kind.PROTOCOL, "openai: a stream chunk is not JSON");
        }
        JsonNode error = chunk.path("error");
        if (!error.isMissingNode() && !error.isNull()) {
            throw ModelHttp.streamError("openai", error.isObject() ? error : Json.object().put("message", error.asString()));
        }
        for (JsonNode choice : chunk.path("choices")) {
            choice(choice);
        }
        JsonNode u = chunk.path("usage");
        if (u.isObject()) {
            long cached = u.path("prompt_tokens_details").path("cached_tokens").asLong(0);
            usage = new Usage(Math.max(0, u.path("prompt_tokens").asLong(0) - cached), u.path("completion_tokens").asLong(0), cached, 0);
            events.onUsage(usage);
        }
    }

    private void choice(JsonNode choice) {
        JsonNode delta = choice.path("delta");
        String reasoning = firstString(delta, "reasoning_content", "reasoning");
        if (reasoning != null && !reasoning.isEmpty()) {
            thinking.append(reasoning);
            events.onThinking(reasoning);
        }
        JsonNode content = delta.path("content");
        if (content.isString() && !content.asString().isEmpty()) {
            text.append(content.asString());
            events.onText(content.asString());
        }
        for (JsonNode fragment : delta.path("tool_calls")) {
            merge(fragment);
        }
        JsonNode finish = choice.path("finish_reason");
        if (finish.isString()) {
            finishReason = finish.asString();
        }
    }

    private void merge(JsonNode fragment) {
        String id = fragment.path("id").isString() && !fragment.path("id").asString().isEmpty() ? fragment.path("id").asString() : null;
        int index;
        if (fragment.path("index").isNumber()) {
            index = fragment.path("index").asInt();
        } else {
            index = indexWithoutIndex(id);
        }
        Call call = calls.computeIfAbsent(index, i -> new Call());
        if (id != null) {
            call.id = id;
        }
        JsonNode function = fragment.path("function");
        if (function.path("name").isString() && !function.path("name").asString().isEmpty()) {
            call.name = function.path("name").asString();
        }
        JsonNode args = function.path("arguments");
        if (args.isString()) {
            call.arguments.append(args.asString());
        } else if (args.isObject()) {
            call.arguments.append(Json.write(args)); // some servers send an object, not a string
        }
    }

    /** Servers that omit {@code index}: a new id starts a call, anything else continues the last one. */
    private int indexWithoutIndex(String id) {
        if (calls.isEmpty()) {
            return 0;
        }
        int last = -1;
        for (Map.Entry<Integer, Call> entry : calls.entrySet()) {
            if (id != null && id.equals(entry.getValue().id)) {
                return entry.getKey();
            }
            last = Math.max(last, entry.getKey());
        }
        return id != null ? last + 1 : last;
    }

    ModelResponse finish() throws ModelException {
        if (!done && finishReason == null) {
            throw new ModelException(Kind.NETWORK, "openai: the stream ended before the model finished");
        }
        List<Part> parts = new ArrayList<>();
        if (!thinking.isEmpty()) {
            parts.add(new Part.Thinking(thinking.toString(), null));
        }
        if (!text.isEmpty()) {
            parts.add(new Part.Text(text.toString()));
        }
        for (Call call : calls.values()) {
            if (call.name == null) {
                throw new ModelException(Kind.PROTOCOL, "openai: a streamed tool call has no function name");
            }
            Part.ToolUse use = new Part.ToolUse(call.id != null ? call.id : newCallId.get(), call.name, input(call.arguments.toString()));
            events.onToolUse(use);
            parts.add(use);
        }
        return new ModelResponse(ModelMessage.assistant(parts), stopReason(), usage);
    }

    private static JsonNode input(String arguments) {
        if (arguments.isBlank()) {
            return Json.object();
        }
        try {
            return Json.parse(arguments);
        } catch (JacksonException e) {
            // Small models emit broken JSON; keep it verbatim so the tool can tell the model.
            return StringNode.valueOf(arguments);
        }
    }

    private ModelStopReason stopReason() {
        if (!calls.isEmpty()) {
            return ModelStopReason.TOOL_USE; // some servers say "stop" after tool calls
        }
        if (finishReason == null) {
            return ModelStopReason.END_TURN;
        }
        return switch (finishReason) {
            case "length" -> ModelStopReason.MAX_TOKENS;
            case "tool_calls", "function_call" -> ModelStopReason.TOOL_USE;
            case "content_filter" -> ModelStopReason.REFUSAL;
            default -> ModelStopReason.END_TURN;
        };
    }

    private static String firstString(JsonNode node, String... fields) {
        for (String field : fields) {
            if (node.path(field).isString()) {
                return node.path(field).asString();
            }
        }
        return null;
    }
}
