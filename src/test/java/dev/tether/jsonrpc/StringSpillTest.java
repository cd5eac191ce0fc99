package dev.tether.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A string body decoded into a spill file, whatever the pieces it arrives in, is byte for byte
 * what the in-memory path ({@link LargeStrings#unescape}) makes of it, and is invalid exactly
 * when that path finds it invalid.
 */
class StringSpillTest {
    @TempDir
    Path dir;

    /** Bodies as they appear between the quotes in a line (Java escapes resolved, JSON escapes kept). */
    private static final List<String> BODIES = List.of(
            "plain ascii",
            "caf\u00e9 \u20ac \ud83d\ude00 raw UTF-8",
            "escapes \\\" \\\\ \\/ \\b \\f \\n \\r \\t end",
            "\\u0041\\u00e9\\u20ac\\u0000",
            "pair \\ud83d\\ude00 pair",
            "\\uD83D\\uDE00\\uD83D\\uDE01",
            "lone high \\ud83d then text",
            "lone high at the end \\ud83d",
            "lone low \\ude00 alone",
            "high then quote escape \\ud83d\\\" x",
            "high then high then low \\ud800\\ud800\\udc00",
            "high then a BMP escape \\ud800\\u0041",
            "high then newline escape \\ud800\\n",
            "bad escape \\x",
            "bad hex \\u12G4",
            "bad hex after high \\ud800\\uZZZZ",
            "raw control \u0001 char",
            "raw newline \n in it",
            "invalid UTF-8 \u00ff kept as sent");

    @Test
    void everyBodySplitAtEveryPointDecodesAsTheInMemoryPath() throws IOException {
        for (String body : BODIES) {
            byte[] line = bytes(body);
            byte[] expected = inMemory(line);
            for (int cut = 0; cut <= line.length; cut++) {
                assertArrayEquals(expected, spilled(line, cut), body + " cut at " + cut);
            }
            assertArrayEquals(expected, spilled(line, -1), body + " byte by byte");
        }
    }

    @Test
    void theClosingQuoteEndsTheStringAndWhatFollowsIsNotTaken() throws IOException {
        byte[] data = "abc\\\"def\", \"next\"".getBytes(StandardCharsets.US_ASCII);
        try (var file = new SpillRecorder(dir).create()) {
            StringSpill spill = new StringSpill(file);
            assertEquals(9, spill.feed(data, 0, data.length), "just past the quote that is not escaped");
            SpilledString done = spill.finish();
            assertEquals("abc\"def", done.read());
        }
    }

    /** What LargeStrings makes of the body: its UTF-8, or null when it is invalid. */
    private static byte[] inMemory(byte[] line) {
        byte[] copy = line.clone();
        int n = LargeStrings.unescape(copy, 0, copy.length - 1);
        return n < 0 ? null : Arrays.copyOf(copy, n);
    }

    /** The body fed to a spill in two pieces split at {@code cut} (or byte by byte for -1); null when invalid. */
    private byte[] spilled(byte[] line, int cut) throws IOException {
        var file = new SpillRecorder(dir).create();
        StringSpill spill = new StringSpill(file);
        int end = StringSpill.MORE;
        if (cut < 0) {
            for (int i = 0; i < line.length && end == StringSpill.MORE; i++) {
                end = spill.feed(line, i, 1);
            }
        } else {
            end = spill.feed(line, 0, cut);
            if (end == StringSpill.MORE) {
                end = spill.feed(line, cut, line.length - cut);
            }
        }
        if (end == StringSpill.INVALID) {
            spill.abandon();
            return null;
        }
        assertEquals(line.length, end, "the string ends at its closing quote");
        try (SpilledString done = spill.finish()) {
            ByteBuffer all = ByteBuffer.allocate(Math.toIntExact(done.bytes()));
            file.read(all, 0);
            return all.array();
        }
    }

    /** The body's bytes and its closing quote; U+00FF stands for a byte that is not UTF-8. */
    private static byte[] bytes(String body) {
        byte[] utf8 = (body + "\"").getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[utf8.length];
        int n = 0;
        for (int i = 0; i < utf8.length; i++) {
            if ((utf8[i] & 0xff) == 0xC3 && i + 1 < utf8.length && (utf8[i + 1] & 0xff) == 0xBF) {
                out[n++] = (byte) 0xFF;
                i++;
            } else {
                out[n++] = utf8[i];
            }
        }
        return Arrays.copyOf(out, n);
    }
}
