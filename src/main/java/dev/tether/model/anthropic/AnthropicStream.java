package dev.tether.model.anthropic;

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
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Assembles one streamed Messages API response from its SSE events, forwarding deltas to
 * {@link ModelEvents} as they arrive. Tool input is buffered per block and parsed at
 * {@code content_block_stop}, so {@link ModelEvents#onToolUse} sees complete input.
 *
 * @see <a href="https://docs.anthropic.com/en/docs/build-with-claude/streaming">Streaming messages</a>
 */
final class AnthropicStream {
    private final ModelEvents events;
    private final Map<Integer, Block> open = new TreeMap<>();
    private final Map<Integer, Part> done = new TreeMap<>();
    private long inputTokens;
    private long outputTokens;
    private long cacheRead;
    private long cacheWrite;
    private String stopReason;
    private boolean stopped;

    AnthropicStream(ModelEvents events) {
        this.events = events;
    }

    /** One buffered content block. */
    private static final class Block {
        final String type;
        final StringBuilder text = new StringBuilder();
        String signature;
        String id;
        String name;
        String data;

        Block(String type) {
            this.type = type;
        }
    }

    void accept(SseEvent event) throws ModelException {
        if (stopped) {
            return;
        }
        JsonNode json;
        try {
            json = Json.parse(event.data());
        } catch (JacksonException e) {
            throw new ModelException(Kind.PROTOCOL, "anthropic: a stream event is not JSON (" + event.type() + ")");
        }
        String type = json.path("type").asString(event.type());
        switch (type) {
            case "message_start" -> usage(json.path("message").path("usage"));
            case "content_block_start" -> start(json.path("index").asInt(), json.path("content_block"));
            case "content_block_delta" -> delta(json.path("index").asInt(), json.path("delta"));
            case "content_block_stop" -> stop(json.path("index").asInt());
            case "message_delta" -> {
                JsonNode reason = json.path("delta").path("stop_reason");
                if (reason.isString()) {
                    stopReason = reason.asString();
                }
                usage(json.path("usage"));
                events.onUsage(usage());
            }
            case "message_stop" -> stopped = true;
            case "error" -> throw ModelHttp.streamError("anthropic", json.path("error"));
            default -> { /* ping and event types added later are ignored */ }
        }
    }

    ModelResponse finish() throws ModelException {
        if (!stopped) {
            throw new ModelException(Kind.NETWORK, "anthropic: the stream ended before message_stop");
        }
        List<Part> parts = new ArrayList<>(done.values());
        return new ModelResponse(ModelMessage.assistant(parts), stopReason(parts), usage());
    }

    private void start(int index, JsonNode block) {
        String type = block.path("type").asString("");
        Block b = new Block(type);
        switch (type) {
            case "text" -> appendText(b, block.path("text").asString(""));
            case "thinking" -> {
                appendThinking(b, block.path("thinking").asString(""));
                b.signature = block.path("signature").isString() ? block.path("signature").asString() : null;
            }
            case "tool_use" -> {
                b.id = block.path("id").asString();
                b.name = block.path("name").asString();
            }
            case "redacted_thinking" -> b.data = block.path("data").asString();
            default -> { /* server tool blocks and future kinds are not ours to replay */ }
        }
        open.put(index, b);
    }

    private void delta(int index, JsonNode delta) throws ModelException {
        Block b = open.get(index);
        if (b == null) {
            throw new ModelException(Kind.PROTOCOL, "anthropic: a delta arrived for unknown block " + index);
        }
        switch (delta.path("type").asString("")) {
            case "text_delta" -> appendText(b, delta.path("text").asString(""));
            case "thinking_delta" -> appendThinking(b, delta.path("thinking").asString(""));
            case "signature_delta" -> b.signature = (b.signature == null ? "" : b.signature) + delta.path("signature").asString("");
            case "input_json_delta" -> b.text.append(delta.path("partial_json").asString(""));
            default -> { /* citations_delta and later kinds carry nothing we replay */ }
        }
    }

    private void stop(int index) throws ModelException {
        Block b = open.remove(index);
        if (b == null) {
            return;
        }
        Part part = switch (b.type) {
            case "text" -> new Part.Text(b.text.toString());
            case "thinking" -> new Part.Thinking(b.text.toString(), b.signature);
            case "redacted_thinking" -> new Part.RedactedThinking(b.data);
            case "tool_use" -> {
                Part.ToolUse use = new Part.ToolUse(b.id, b.name, parseInput(b));
                events.onToolUse(use);
                yield use;
            }
            default -> null;
        };
        if (part != null) {
            done.put(index, part);
        }
    }

    private static JsonNode parseInput(Block b) throws ModelException {
        String raw = b.text.toString();
        if (raw.isBlank()) {
            return Json.object();
        }
        try {
            return Json.parse(raw);
        } catch (JacksonException e) {
            throw new ModelException(Kind.PROTOCOL, "anthropic: the input of tool call " + b.name + " is not valid JSON");
        }
    }

    private void appendText(Block b, String delta) {
        if (!delta.isEmpty()) {
            b.text.append(delta);
            events.onText(delta);
        }
    }

    private void appendThinking(Block b, String delta) {
        if (!delta.isEmpty()) {
            b.text.append(delta);
            events.onThinking(delta);
        }
    }

    private void usage(JsonNode usage) {
        // message_delta counts are cumulative, so later values replace earlier ones.
        if (usage.path("input_tokens").isNumber()) {
            inputTokens = usage.path("input_tokens").asLong();
        }
        if (usage.path("output_tokens").isNumber()) {
            outputTokens = usage.path("output_tokens").asLong();
        }
        if (usage.path("cache_read_input_tokens").isNumber()) {
            cacheRead = usage.path("cache_read_input_tokens").asLong();
        }
        if (usage.path("cache_creation_input_tokens").isNumber()) {
            cacheWrite = usage.path("cache_creation_input_tokens").asLong();
        }
    }

    private Usage usage() {
        return new Usage(inputTokens, outputTokens, cacheRead, cacheWrite);
    }

    private ModelStopReason stopReason(List<Part> parts) {
        if (stopReason == null) {
            return parts.stream().anyMatch(p -> p instanceof Part.ToolUse) ? ModelStopReason.TOOL_USE : ModelStopReason.END_TURN;
        }
        return switch (stopReason) {
            case "tool_use" -> ModelStopReason.TOOL_USE;
            case "max_tokens" -> ModelStopReason.MAX_TOKENS;
            case "pause_turn" -> ModelStopReason.PAUSE_TURN;
            case "refusal" -> ModelStopReason.REFUSAL;
            case "model_context_window_exceeded" -> ModelStopReason.CONTEXT_WINDOW_EXCEEDED;
            default -> ModelStopReason.END_TURN; // end_turn, stop_sequence
        };
    }
}
