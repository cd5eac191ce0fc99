package dev.tether.mcp.call;

import dev.tether.json.Json;
import java.util.Iterator;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Whether a tool result's {@code structuredContent} only repeats one of its text items, so the
 * model is sent it once. The MCP specification asks a server that returns structured content to
 * send the serialised JSON as a text item too; servers do so in a few shapes, and each counts as
 * the same data:
 *
 * <ul>
 *   <li>the text parses to JSON equal to the structured result (any formatting, any key order);</li>
 *   <li>the structured result is an object with one field, whose value is the text itself (the
 *       filesystem server's {@code {"content": "<the text>"}});</li>
 *   <li>the structured result is an object with one field, whose value equals the text's parsed
 *       JSON — an array, mostly (the memory server's {@code create_entities}: the text is the
 *       entities array, the structured result {@code {"entities": [...]}}).</li>
 * </ul>
 *
 * <p>Anything else adds something the text does not say — a second field, a value that differs —
 * and is sent. Equality is exact (after trimming the text's surrounding white space): nothing is
 * dropped because it merely looks alike.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#structured-content">MCP structured content</a>
 */
final class StructuredEcho {
    private StructuredEcho() {}

    /**
     * Whether {@code text} already says what {@code structured} says.
     *
     * @param size the length of {@code structured} written as JSON: a text much longer than that
     *             cannot be the same, and is not parsed
     */
    static boolean repeats(String text, JsonNode structured, long size) {
        String trimmed = text.strip();
        if (trimmed.isEmpty() || trimmed.length() > 4 * size + 4096) {
            return false;
        }
        JsonNode onlyValue = onlyValue(structured);
        if (onlyValue != null && onlyValue.isString() && onlyValue.asString().strip().equals(trimmed)) {
            return true;
        }
        JsonNode parsed = parse(trimmed);
        return parsed != null && (parsed.equals(structured) || parsed.equals(onlyValue));
    }

    /** The value of an object's single field, or null for anything else. */
    private static JsonNode onlyValue(JsonNode structured) {
        if (structured == null || !structured.isObject() || structured.size() != 1) {
            return null;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = structured.properties().iterator();
        return fields.next().getValue();
    }

    /** The text as a JSON object or array, or null when it is neither (plain text is never parsed). */
    private static JsonNode parse(String trimmed) {
        char first = trimmed.charAt(0);
        if (first != '{' && first != '[') {
            return null;
        }
        try {
            return Json.parse(trimmed);
        } catch (RuntimeException e) {
            return null; // not JSON: not the same
        }
    }
}
