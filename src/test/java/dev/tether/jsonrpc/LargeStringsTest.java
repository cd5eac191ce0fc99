package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tether.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Huge string values parse to exactly what Jackson would give, whatever they contain. */
class LargeStringsTest {

    private static String big(Random random, int length) {
        int[] alphabet = "abc xyz\n\t\"\\/é€😀\u0001\u001f\u2028".codePoints().toArray();
        StringBuilder out = new StringBuilder(length);
        while (out.length() < length) {
            out.appendCodePoint(alphabet[random.nextInt(alphabet.length)]);
        }
        return out.toString();
    }

    private static JsonNode viaLargeStrings(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        return LargeStrings.parse(bytes, bytes.length);
    }

    @Test
    void hugeValuesWithEveryKindOfEscapeMatchJackson() {
        Random random = new Random(7);
        ObjectNode message = Json.object().put("jsonrpc", "2.0").put("id", 3);
        var content = message.putObject("result").putArray("content");
        content.addObject().put("type", "text").put("text", big(random, 300_000));
        content.addObject().put("type", "text").put("text", "small");
        content.addObject().put("type", "text").put("text", big(random, 100_000));
        String plain = Json.write(message);
        assertEquals(Json.parse(plain), viaLargeStrings(plain));

        // The same text with every non-ASCII character written as a \\u escape (surrogate pairs included).
        StringBuilder escaped = new StringBuilder();
        for (char c : plain.toCharArray()) {
            escaped.append(c < 0x80 ? String.valueOf(c) : String.format("\\u%04x", (int) c));
        }
        assertEquals(Json.parse(plain), viaLargeStrings(escaped.toString()));
    }

    @Test
    void nestedArraysAndObjectsWork() {
        String json = "{\"k\": [\"" + "v".repeat(LargeStrings.THRESHOLD * 2) + "\", 1, {\"x\": \"" + "w".repeat(LargeStrings.THRESHOLD) + "\"}]}";
        assertEquals(Json.parse(json), viaLargeStrings(json));
    }

    @Test
    void aHugeKeyIsNotMovedAsideSoJacksonStillRejectsIt() {
        String json = "{\"" + "k".repeat(LargeStrings.THRESHOLD + 10) + "\" : 1}";
        assertThrows(JacksonException.class, () -> Json.parse(json));
        assertThrows(JacksonException.class, () -> viaLargeStrings(json));
    }

    @Test
    void invalidStringsAreJudgedByJackson() {
        String rawControl = "{\"text\": \"" + "a".repeat(LargeStrings.THRESHOLD) + "\u0001\"}";
        assertThrows(JacksonException.class, () -> viaLargeStrings(rawControl));
        String badEscape = "{\"text\": \"" + "a".repeat(LargeStrings.THRESHOLD) + "\\q\"}";
        assertThrows(JacksonException.class, () -> viaLargeStrings(badEscape));
        String loneSurrogate = "{\"text\": \"" + "a".repeat(LargeStrings.THRESHOLD) + "\\ud800x\"}";
        assertEquals("a".repeat(LargeStrings.THRESHOLD) + "\uFFFDx", viaLargeStrings(loneSurrogate).path("text").asString());
    }

    @Test
    void aPlaceholderLookalikeInTheDataStaysData() {
        String json = "{\"a\": \"tether-spill-0000000000000000-0\", \"b\": \"" + "z".repeat(LargeStrings.THRESHOLD) + "\"}";
        JsonNode parsed = viaLargeStrings(json);
        assertEquals("tether-spill-0000000000000000-0", parsed.path("a").asString());
        assertEquals(LargeStrings.THRESHOLD, parsed.path("b").asString().length());
    }
}
