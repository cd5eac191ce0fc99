package dev.tether.model.scripted;

import dev.tether.json.Json;
import dev.tether.model.ModelException;
import dev.tether.model.ModelException.Kind;
import dev.tether.model.ModelStopReason;
import dev.tether.model.Usage;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * Reads the JSON Lines script format of {@code docs/reference/scripted-model.md}. Strict: an
 * unknown field or a wrong type is an error naming the line, so a typo in a CI script fails
 * loudly instead of silently playing something else.
 */
final class ScriptParser {
    private static final Set<String> FIELDS = Set.of(
            "text", "thinking", "chunks", "chunkDelayMs", "delayMs", "toolCalls", "stop", "usage", "error", "expect");
    private static final Set<String> EXPECT_FIELDS = Set.of("lastUserTextContains", "toolResultContains", "toolsInclude", "toolsExclude",
            "requestExcludes", "requestIncludes", "compaction", "thinking", "lastUserImage");
    /** Auto-split {@code text} into at most this many pieces, so editors see it stream. */
    static final int TEXT_PIECES = 4;

    private final String source;
    private int lineNumber;

    private ScriptParser(String source) {
        this.source = source;
    }

    static List<ScriptLine> parse(String text, String source) throws ModelException {
        return new ScriptParser(source).parseAll(text);
    }

    private List<ScriptLine> parseAll(String text) throws ModelException {
        List<ScriptLine> lines = new ArrayList<>();
        String[] raw = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < raw.length; i++) {
            lineNumber = i + 1;
            String line = raw[i].strip();
            if (i == 0 && line.startsWith("\uFEFF")) {
                line = line.substring(1).strip();
            }
            if (line.isEmpty() || line.startsWith("//")) {
                continue;
            }
            JsonNode node;
            try {
                node = Json.parse(line);
            } catch (JacksonException e) {
                throw fail("is not valid JSON: " + e.getOriginalMessage());
            }
            if (!node.isObject()) {
                throw fail("must be a JSON object");
            }
            lines.add(line(node));
        }
        return lines;
    }

    private ScriptLine line(JsonNode node) throws ModelException {
        for (String name : node.propertyNames()) {
            if (!FIELDS.contains(name)) {
                throw fail("has unknown field \"" + name + "\" (expected one of " + new java.util.TreeSet<>(FIELDS) + ")");
            }
        }
        if (node.has("text") && node.has("chunks")) {
            throw fail("has both \"text\" and \"chunks\"; use one");
        }
        List<String> pieces = node.has("chunks") ? strings(node.get("chunks"), "chunks") : split(string(node, "text"));
        List<ScriptLine.ToolCall> calls = new ArrayList<>();
        JsonNode toolCalls = node.path("toolCalls");
        if (!toolCalls.isMissingNode()) {
            if (!toolCalls.isArray()) {
                throw fail("\"toolCalls\" must be a list");
            }
            for (JsonNode call : toolCalls) {
                String name = call.path("name").isString() ? call.path("name").asString() : null;
                if (name == null || name.isBlank()) {
                    throw fail("has a tool call without a \"name\"");
                }
                JsonNode input = call.path("input").isMissingNode() ? Json.object() : call.get("input");
                calls.add(new ScriptLine.ToolCall(call.path("id").isString() ? call.get("id").asString() : null, name, input));
            }
        }
        return new ScriptLine(lineNumber, string(node, "thinking"), pieces, millis(node, "chunkDelayMs"), millis(node, "delayMs"),
                calls, stop(node), usage(node.path("usage")), failure(node.path("error")), expectation(node.path("expect")));
    }

    private ModelStopReason stop(JsonNode node) throws ModelException {
        String stop = string(node, "stop");
        if (stop == null) {
            return null;
        }
        return switch (stop) {
            case "end_turn" -> ModelStopReason.END_TURN;
            case "tool_use" -> ModelStopReason.TOOL_USE;
            case "max_tokens" -> ModelStopReason.MAX_TOKENS;
            case "refusal" -> ModelStopReason.REFUSAL;
            default -> throw fail("has unknown stop \"" + stop + "\" (expected end_turn, tool_use, max_tokens or refusal)");
        };
    }

    private Usage usage(JsonNode usage) throws ModelException {
        if (usage.isMissingNode()) {
            return null;
        }
        if (!usage.isObject() || !usage.path("input").canConvertToLong() && usage.has("input")
                || !usage.path("output").canConvertToLong() && usage.has("output")) {
            throw fail("\"usage\" must be {\"input\": n, \"output\": n}");
        }
        return new Usage(usage.path("input").asLong(0), usage.path("output").asLong(0), 0, 0);
    }

    private ScriptLine.Failure failure(JsonNode error) throws ModelException {
        if (error.isMissingNode()) {
            return null;
        }
        if (!error.path("status").canConvertToInt()) {
            throw fail("\"error\" needs a numeric \"status\"");
        }
        return new ScriptLine.Failure(error.get("status").asInt(), error.path("message").asString("scripted failure"));
    }

    private Expectation expectation(JsonNode expect) throws ModelException {
        if (expect.isMissingNode()) {
            return Expectation.NONE;
        }
        if (!expect.isObject()) {
            throw fail("\"expect\" must be an object");
        }
        for (String name : expect.propertyNames()) {
            if (!EXPECT_FIELDS.contains(name)) {
                throw fail("has unknown expect key \"" + name + "\" (expected one of " + new java.util.TreeSet<>(EXPECT_FIELDS) + ")");
            }
        }
        return new Expectation(string(expect, "lastUserTextContains"), string(expect, "toolResultContains"),
                names(expect.path("toolsInclude"), "toolsInclude"), names(expect.path("toolsExclude"), "toolsExclude"),
                string(expect, "requestExcludes"), string(expect, "requestIncludes"), bool(expect, "compaction"),
                string(expect, "thinking"), string(expect, "lastUserImage"));
    }

    private List<String> names(JsonNode node, String field) throws ModelException {
        if (node.isMissingNode()) {
            return List.of();
        }
        return node.isString() ? List.of(node.asString()) : strings(node, field);
    }

    private List<String> strings(JsonNode node, String field) throws ModelException {
        if (!node.isArray()) {
            throw fail("\"" + field + "\" must be a list of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isString()) {
                throw fail("\"" + field + "\" must be a list of strings");
            }
            out.add(item.asString());
        }
        return out;
    }

    private Boolean bool(JsonNode node, String field) throws ModelException {
        JsonNode value = node.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            throw fail("\"" + field + "\" must be true or false");
        }
        return value.asBoolean();
    }

    private String string(JsonNode node, String field) throws ModelException {
        JsonNode value = node.path(field);
        if (value.isMissingNode() || value.isNull()) {
            return null;
        }
        if (!value.isString()) {
            throw fail("\"" + field + "\" must be a string");
        }
        return value.asString();
    }

    private long millis(JsonNode node, String field) throws ModelException {
        JsonNode value = node.path(field);
        if (value.isMissingNode()) {
            return 0;
        }
        if (!value.canConvertToLong() || value.asLong() < 0) {
            throw fail("\"" + field + "\" must be a number of milliseconds");
        }
        return value.asLong();
    }

    /** Cuts text at word boundaries into at most {@link #TEXT_PIECES} pieces that join back to it. */
    static List<String> split(String text) {
        if (text == null || text.isEmpty()) {
            return List.of();
        }
        int target = Math.max(1, (text.length() + TEXT_PIECES - 1) / TEXT_PIECES);
        List<String> pieces = new ArrayList<>();
        int start = 0;
        while (start < text.length()) {
            int end = Math.min(text.length(), start + target);
            while (end < text.length() && !Character.isWhitespace(text.charAt(end - 1))) {
                end++;
            }
            if (pieces.size() == TEXT_PIECES - 1) {
                end = text.length();
            }
            pieces.add(text.substring(start, end));
            start = end;
        }
        return pieces;
    }

    private ModelException fail(String problem) {
        return new ModelException(Kind.SCRIPT, "scripted model: " + source + " line " + lineNumber + " " + problem);
    }
}
