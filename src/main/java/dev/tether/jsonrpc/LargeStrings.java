package dev.tether.jsonrpc;

import dev.tether.json.Trees;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Parses a line whose string values may be huge (a 50 MB tool result) without the cost of
 * Jackson's text buffers, which hold about four bytes per character while a string is read.
 * String values of at least {@link #THRESHOLD} bytes are decoded here, in place, into one
 * String each and replaced in the line by a short placeholder padded with whitespace; Jackson
 * parses what is left, and the placeholders are swapped back for the strings. Anything unusual
 * (an invalid escape, a raw control character) leaves the line untouched for Jackson to judge.
 */
final class LargeStrings {
    /** String values shorter than this are left to Jackson. */
    static final int THRESHOLD = 64 * 1024;

    private LargeStrings() {}

    /**
     * Parses {@code line[0, length)}. The caller hands the array over: it is rewritten, and the
     * reference is dropped before Jackson runs so that a huge line's bytes can be collected.
     */
    static JsonNode parse(byte[] line, int length) {
        return parse(line, length, false);
    }

    /**
     * As {@link #parse(byte[], int)}; with {@code strictKeys} an object that repeats a key is a
     * {@link DuplicateKeyException} carrying the tree as read without the check (for its id).
     */
    static JsonNode parse(byte[] line, int length, boolean strictKeys) {
        if (length < THRESHOLD) {
            return read(line, length, strictKeys);
        }
        String nonce = "tether-spill-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()) + "-";
        List<String> spilled = new ArrayList<>();
        byte[] rest = spill(line, length, nonce, spilled);
        if (rest == null) {
            return read(line, length, strictKeys);
        }
        line = null; // the rest is a small copy: let the big array go before parsing
        JsonNode tree = read(rest, rest.length, strictKeys);
        return spilled.isEmpty() ? tree : restore(tree, nonce, spilled);
    }

    /**
     * Parses {@code bytes[0, length)} with Jackson's streaming parser ({@link Trees}: no mapper on
     * the frame path), leaving the array untouched.
     */
    static JsonNode read(byte[] bytes, int length, boolean strictKeys) {
        try {
            return Trees.read(bytes, 0, length, strictKeys);
        } catch (Trees.DuplicateKeys e) {
            throw new DuplicateKeyException(e.lenient());
        }
    }

    /**
     * Moves long string values out of the line, compacting it in place (the write position never
     * passes the read position); returns a copy of the compacted line, or null (and the line
     * untouched) when it is not plain enough to do so safely.
     */
    private static byte[] spill(byte[] line, int length, String nonce, List<String> spilled) {
        List<int[]> found = new ArrayList<>();
        for (int i = 0; i < length; ) {
            if (line[i] != '"') {
                i++;
                continue;
            }
            int end = endOfString(line, i + 1, length);
            if (end < 0) {
                return null;
            }
            if (end - i >= THRESHOLD && !followedByColon(line, end + 1, length)) {
                found.add(new int[] {i, end});
            }
            i = end + 1;
        }
        // Validate every long string before changing anything.
        for (int[] string : found) {
            if (!plain(line, string[0] + 1, string[1])) {
                return null;
            }
        }
        int write = 0;
        int read = 0;
        for (int[] string : found) {
            System.arraycopy(line, read, line, write, string[0] - read);
            write += string[0] - read;
            int decoded = unescape(line, string[0] + 1, string[1]);
            spilled.add(new String(line, string[0] + 1, decoded, StandardCharsets.UTF_8));
            byte[] placeholder = ("\"" + nonce + (spilled.size() - 1) + "\"").getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(placeholder, 0, line, write, placeholder.length);
            write += placeholder.length;
            read = string[1] + 1;
        }
        System.arraycopy(line, read, line, write, length - read);
        write += length - read;
        return java.util.Arrays.copyOf(line, write);
    }

    /** Whether {@code line[from, to)} is a valid JSON string body (no raw control characters, valid escapes). */
    private static boolean plain(byte[] line, int from, int to) {
        for (int i = from; i < to; i++) {
            int b = line[i] & 0xff;
            if (b < 0x20) {
                return false;
            }
            if (b == '\\') {
                if (++i >= to) {
                    return false;
                }
                switch (line[i]) {
                    case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> { }
                    case 'u' -> {
                        if (hex4(line, i + 1, to) < 0) {
                            return false;
                        }
                        i += 4;
                    }
                    default -> {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** Index of the closing quote of the string starting at {@code from}, or -1. */
    private static int endOfString(byte[] line, int from, int length) {
        for (int i = from; i < length; i++) {
            byte b = line[i];
            if (b == '\\') {
                i++;
            } else if (b == '"') {
                return i;
            }
        }
        return -1;
    }

    private static boolean followedByColon(byte[] line, int from, int length) {
        for (int i = from; i < length; i++) {
            byte b = line[i];
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return b == ':';
            }
        }
        return false;
    }

    /**
     * Decodes the JSON escapes of {@code line[from, to)} into UTF-8 at {@code from} (the result
     * is never longer than the source); returns the decoded length, or -1 for an invalid string.
     */
    static int unescape(byte[] line, int from, int to) {
        int out = from;
        for (int i = from; i < to; i++) {
            byte b = line[i];
            if ((b & 0xff) < 0x20) {
                return -1;
            }
            if (b != '\\') {
                line[out++] = b;
                continue;
            }
            if (++i >= to) {
                return -1;
            }
            switch (line[i]) {
                case '"' -> line[out++] = '"';
                case '\\' -> line[out++] = '\\';
                case '/' -> line[out++] = '/';
                case 'b' -> line[out++] = '\b';
                case 'f' -> line[out++] = '\f';
                case 'n' -> line[out++] = '\n';
                case 'r' -> line[out++] = '\r';
                case 't' -> line[out++] = '\t';
                case 'u' -> {
                    int unit = hex4(line, i + 1, to);
                    if (unit < 0) {
                        return -1;
                    }
                    i += 4;
                    int codePoint = unit;
                    if (Character.isHighSurrogate((char) unit) && i + 6 < to && line[i + 1] == '\\' && line[i + 2] == 'u') {
                        int low = hex4(line, i + 3, to);
                        if (low >= 0 && Character.isLowSurrogate((char) low)) {
                            codePoint = Character.toCodePoint((char) unit, (char) low);
                            i += 6;
                        }
                    }
                    if (Character.isSurrogate((char) codePoint) && codePoint <= 0xFFFF) {
                        codePoint = 0xFFFD; // a lone surrogate has no UTF-8 form
                    }
                    out = utf8(codePoint, line, out);
                }
                default -> {
                    return -1;
                }
            }
        }
        return out - from;
    }

    private static int hex4(byte[] line, int from, int to) {
        if (from + 4 > to) {
            return -1;
        }
        int value = 0;
        for (int i = from; i < from + 4; i++) {
            int digit = Character.digit(line[i], 16);
            if (digit < 0) {
                return -1;
            }
            value = value * 16 + digit;
        }
        return value;
    }

    private static int utf8(int cp, byte[] into, int at) {
        if (cp < 0x80) {
            into[at++] = (byte) cp;
        } else if (cp < 0x800) {
            into[at++] = (byte) (0xC0 | cp >> 6);
            into[at++] = (byte) (0x80 | cp & 0x3F);
        } else if (cp < 0x10000) {
            into[at++] = (byte) (0xE0 | cp >> 12);
            into[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
            into[at++] = (byte) (0x80 | cp & 0x3F);
        } else {
            into[at++] = (byte) (0xF0 | cp >> 18);
            into[at++] = (byte) (0x80 | cp >> 12 & 0x3F);
            into[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
            into[at++] = (byte) (0x80 | cp & 0x3F);
        }
        return at;
    }

    private static JsonNode restore(JsonNode node, String nonce, List<String> spilled) {
        if (node.isString()) {
            String text = node.asString();
            if (text.startsWith(nonce)) {
                return JsonNodeFactory.instance.stringNode(spilled.get(Integer.parseInt(text.substring(nonce.length()))));
            }
            return node;
        }
        if (node instanceof ObjectNode object) {
            for (String name : new ArrayList<>(object.propertyNames())) {
                JsonNode value = object.get(name);
                JsonNode replaced = restore(value, nonce, spilled);
                if (replaced != value) {
                    object.set(name, replaced);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode replaced = restore(array.get(i), nonce, spilled);
                if (replaced != array.get(i)) {
                    array.set(i, replaced);
                }
            }
        }
        return node;
    }
}
