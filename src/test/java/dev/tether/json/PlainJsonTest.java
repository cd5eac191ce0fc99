package dev.tether.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * {@link PlainJson} may decline any text, but what it reads it reads as Jackson does (the strict
 * reader the ACP channel uses), and what it writes is byte for byte what Jackson writes: the
 * first {@code initialize} answer must not depend on which of the two handled it.
 */
class PlainJsonTest {
    private static final List<String> READ = List.of(
            "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1,"
                    + "\"clientCapabilities\":{\"fs\":{\"readTextFile\":true,\"writeTextFile\":false},\"terminal\":true},"
                    + "\"clientInfo\":{\"name\":\"zed\",\"title\":\"Zed\",\"version\":\"0.200.0\"},\"_meta\":null}}",
            " { \"a\" : [ 1 , -2 , 0 , -0 , 999999999999999999 , -999999999999999999 ] ,\t\"b\":{}\r\n, \"c\":[] } ",
            "{\"s\":\"\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0041\\u00e9\\u2028\\u0000 ~\"}",
            "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
            "\"text\"", "12", "true", "false", "null", "[null,true,false,\"\"]");

    private static final List<String> DECLINED = List.of(
            // Not JSON: Jackson fails them all.
            "", " ", "{", "}", "{\"a\":1", "{\"a\":1} x", "{} {}", "[1,]", "{,}", "{\"a\"}", "{\"a\" 1}", "{'a':1}",
            "{a:1}", "{\"a\":01}", "{\"a\":-}", "{\"a\":+1}", "{\"a\":NaN}", "{\"a\":Infinity}", "\"\\x\"", "\"\\u12\"",
            "\"\\u12G4\"", "\"a\tb\"", "\"a\nb\"", "nul", "tru", "fals", "[1 2]", "{\"a\":1,}", "/* c */ {}", "{} // c",
            "\"abc", "[\"a\":1]", "{\"a\":1 \"b\":2}",
            // JSON, but not what the reader takes on: Jackson reads these, the connection then handles them.
            "{\"a\":1,\"a\":2}", "{\"x\":{\"b\":[{\"c\":1,\"c\":{}}]}}", "{\"f\":1.5}", "{\"f\":1e3}", "{\"f\":-0.0}",
            "{\"n\":1234567890123456789}", "{\"n\":12345678901234567890}", "\"é\"", "{\"é\":1}", "\"\\ud83d\\ude00\"",
            "\"\\ud800\"", "\uFEFF{}", "[" .repeat(33) + "]".repeat(33));

    @Test
    void readsWhatItTakesAsJacksonDoes() {
        for (String text : READ) {
            Object plain = read(text);
            assertNotNull(plain, text);
            assertEquals(jackson(text), plain, text);
        }
    }

    @Test
    void declinesInvalidJsonAndWhatItDoesNotTakeOn() {
        for (String text : DECLINED) {
            assertNull(read(text), text);
        }
    }

    /**
     * Random edits of real frames (a byte dropped, doubled, swapped or replaced): whatever the reader
     * takes, Jackson takes too, with the same value. Seeded, so a failure repeats.
     */
    @Test
    void neverReadsATextOtherwiseThanJackson() {
        Random random = new Random(20261201L);
        byte[] alphabet = "{}[]\",:\\ 0123456789-+.eEtrufalsn\t\r\nuab/\u0001".getBytes(StandardCharsets.ISO_8859_1);
        int taken = 0;
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = READ.get(random.nextInt(READ.size())).getBytes(StandardCharsets.UTF_8);
            for (int edits = 1 + random.nextInt(3); edits > 0 && bytes.length > 0; edits--) {
                bytes = edit(bytes, random, alphabet);
            }
            String text = new String(bytes, StandardCharsets.ISO_8859_1);
            Object plain = PlainJson.read(bytes, 0, bytes.length);
            if (plain != null) {
                taken++;
                assertEquals(jackson(new String(bytes, StandardCharsets.UTF_8)), plain, text);
            }
        }
        // The edits leave many texts valid; a reader that declined everything would prove nothing here.
        assertTrue(taken > 1_000, "texts taken: " + taken);
    }

    @Test
    void writesByteForByteWhatJacksonWrites() {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("jsonrpc", "2.0");
        value.put("id", -42L);
        value.put("n", 7);
        value.put("text", "quote \" backslash \\ slash / \b\f\n\r\t \u0000\u0001\u001f\u007f é ☃ \u2028 😀");
        value.put("list", List.of(true, false, PlainJson.NULL, Map.of(), List.of()));
        value.put("nothing", null);
        for (Object tree : List.of(value, List.of(), "x", 0L, true, PlainJson.NULL)) {
            assertEquals(Trees.write(Trees.fromPlain(tree)), PlainJson.write(tree), String.valueOf(tree));
        }
    }

    @Test
    void whatItWritesItReadsBackWhenItIsAscii() {
        Random random = new Random(7);
        for (int round = 0; round < 500; round++) {
            Object tree = randomTree(random, 0, round % 2 == 0);
            String text = PlainJson.write(tree);
            assertEquals(Trees.write(Trees.fromPlain(tree)), text);
            if (round % 2 == 0) {
                assertEquals(tree, read(text), text);
            } else if (!text.chars().allMatch(c -> c < 0x80)) {
                assertNull(read(text), text); // left to Jackson
            }
        }
    }

    private static Object read(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return PlainJson.read(bytes, 0, bytes.length);
    }

    /** The text as the ACP channel's Jackson reader reads it (repeated keys refused), as plain values; "invalid" if it fails. */
    private static Object jackson(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        try {
            JsonNode tree = Trees.read(bytes, 0, bytes.length, true);
            return tree.isMissingNode() ? "missing" : Trees.toPlain(tree);
        } catch (JacksonException | Trees.DuplicateKeys e) {
            return "invalid";
        }
    }

    private static byte[] edit(byte[] bytes, Random random, byte[] alphabet) {
        int at = random.nextInt(bytes.length);
        byte b = alphabet[random.nextInt(alphabet.length)];
        List<Byte> list = new ArrayList<>();
        for (byte x : bytes) {
            list.add(x);
        }
        switch (random.nextInt(4)) {
            case 0 -> list.remove(at);
            case 1 -> list.add(at, list.get(at));
            case 2 -> list.set(at, b);
            default -> list.add(at, b);
        }
        byte[] out = new byte[list.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = list.get(i);
        }
        return out;
    }

    private static Object randomTree(Random random, int depth, boolean ascii) {
        int kind = random.nextInt(depth > 4 ? 5 : 7);
        return switch (kind) {
            case 0 -> random.nextLong() % 1_000_000_000_000_000_000L >> random.nextInt(60);
            case 1 -> random.nextBoolean();
            case 2 -> PlainJson.NULL;
            case 3, 4 -> randomText(random, ascii);
            case 5 -> {
                List<Object> list = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    list.add(randomTree(random, depth + 1, ascii));
                }
                yield list;
            }
            default -> {
                Map<String, Object> map = new LinkedHashMap<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    map.put(randomText(random, ascii), randomTree(random, depth + 1, ascii));
                }
                yield map;
            }
        };
    }

    private static String randomText(Random random, boolean ascii) {
        String pool = ascii ? "ab \"\\/\n\t\u0001\u001f\u007f~" : "ab \"\\/\n\u0001é☃\u2028";
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(6); i > 0; i--) {
            text.append(pool.charAt(random.nextInt(pool.length())));
        }
        return text.toString();
    }

}
