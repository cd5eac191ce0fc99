package dev.tether.json;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON as plain Java values — {@link Map} (insertion order), {@link List}, {@link String},
 * {@link Long}, {@link Boolean} and {@link #NULL} — read and written without Jackson, for the one
 * frame that must be answered before Jackson is ready: the ACP {@code initialize} request. Any
 * Jackson parse and any JSON value node first initialises {@code BigDecimal}, whose class
 * initialiser takes about 10 ms at start-up (docs/reference/performance.md).
 *
 * <p>The reader is strict and narrow: it declines (returns {@code null}) rather than guess, and the
 * caller then reads the text with Jackson, whose answer, whatever it is, stands. It takes RFC 8259
 * JSON in ASCII only, integers that fit a {@code long} (no fraction or exponent), nesting up to
 * {@value #MAX_DEPTH} levels, and objects whose keys are all different; anything else is declined.
 *
 * @see <a href="https://www.rfc-editor.org/rfc/rfc8259">RFC 8259</a>
 */
public final class PlainJson {
    /** JSON {@code null} (a {@code null} from {@link #read} means the text was declined). */
    public static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    static final int MAX_DEPTH = 32;
    private static final String HEX = "0123456789ABCDEF";
    /** Digits of the longest integer read; 18 always fit a long. */
    private static final int MAX_DIGITS = 18;

    private final byte[] bytes;
    private final int end;
    private int at;

    private PlainJson(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.at = offset;
        this.end = offset + length;
    }

    /** The one JSON value in {@code bytes[offset, offset + length)}, or null when declined. */
    public static Object read(byte[] bytes, int offset, int length) {
        PlainJson reader = new PlainJson(bytes, offset, length);
        try {
            Object value = reader.value(0);
            reader.skipSpace();
            return reader.at == reader.end ? value : null;
        } catch (Declined e) {
            return null;
        }
    }

    /** The value as one line of JSON, as Jackson writes it (no spaces, no escaping beyond what JSON requires). */
    public static String write(Object value) {
        StringBuilder out = new StringBuilder(256);
        write(value, out);
        return out.toString();
    }

    private Object value(int depth) {
        skipSpace();
        return switch (peek()) {
            case '{' -> object(depth + 1);
            case '[' -> array(depth + 1);
            case '"' -> string();
            case 't' -> literal("true", Boolean.TRUE);
            case 'f' -> literal("false", Boolean.FALSE);
            case 'n' -> literal("null", NULL);
            default -> number();
        };
    }

    private Map<String, Object> object(int depth) {
        if (depth > MAX_DEPTH) {
            throw Declined.INSTANCE;
        }
        at++;
        Map<String, Object> object = new LinkedHashMap<>();
        skipSpace();
        if (peek() == '}') {
            at++;
            return object;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw Declined.INSTANCE;
            }
            String key = string();
            skipSpace();
            expect(':');
            if (object.put(key, value(depth)) != null) {
                throw Declined.INSTANCE;
            }
            skipSpace();
            byte next = take();
            if (next == '}') {
                return object;
            }
            if (next != ',') {
                throw Declined.INSTANCE;
            }
        }
    }

    private List<Object> array(int depth) {
        if (depth > MAX_DEPTH) {
            throw Declined.INSTANCE;
        }
        at++;
        List<Object> array = new ArrayList<>();
        skipSpace();
        if (peek() == ']') {
            at++;
            return array;
        }
        while (true) {
            array.add(value(depth));
            skipSpace();
            byte next = take();
            if (next == ']') {
                return array;
            }
            if (next != ',') {
                throw Declined.INSTANCE;
            }
        }
    }

    private String string() {
        at++;
        StringBuilder text = new StringBuilder();
        while (true) {
            byte b = take();
            if (b == '"') {
                return text.toString();
            }
            if (b < 0x20) {
                throw Declined.INSTANCE; // a control character, which JSON wants escaped, or a byte that is not ASCII
            }
            if (b != '\\') {
                text.append((char) b);
                continue;
            }
            byte escaped = take();
            switch (escaped) {
                case '"', '\\', '/' -> text.append((char) escaped);
                case 'b' -> text.append('\b');
                case 'f' -> text.append('\f');
                case 'n' -> text.append('\n');
                case 'r' -> text.append('\r');
                case 't' -> text.append('\t');
                case 'u' -> {
                    char c = (char) (hex() << 12 | hex() << 8 | hex() << 4 | hex());
                    if (Character.isSurrogate(c)) {
                        throw Declined.INSTANCE;
                    }
                    text.append(c);
                }
                default -> throw Declined.INSTANCE;
            }
        }
    }

    private int hex() {
        int digit = Character.digit(take(), 16);
        if (digit < 0) {
            throw Declined.INSTANCE;
        }
        return digit;
    }

    private Long number() {
        int start = at;
        boolean negative = peek() == '-';
        if (negative) {
            at++;
        }
        int first = at;
        while (at < end && bytes[at] >= '0' && bytes[at] <= '9') {
            at++;
        }
        int digits = at - first;
        // Leading zeros are not JSON; fractions, exponents and longer integers are left to Jackson.
        if (digits == 0 || digits > MAX_DIGITS || digits > 1 && bytes[first] == '0'
                || at < end && (bytes[at] == '.' || bytes[at] == 'e' || bytes[at] == 'E')) {
            throw Declined.INSTANCE;
        }
        return Long.parseLong(new String(bytes, start, at - start, StandardCharsets.US_ASCII));
    }

    private Object literal(String word, Object value) {
        for (int i = 0; i < word.length(); i++) {
            if (take() != word.charAt(i)) {
                throw Declined.INSTANCE;
            }
        }
        return value;
    }

    private void skipSpace() {
        while (at < end && (bytes[at] == ' ' || bytes[at] == '\t' || bytes[at] == '\n' || bytes[at] == '\r')) {
            at++;
        }
    }

    private void expect(char c) {
        if (take() != c) {
            throw Declined.INSTANCE;
        }
    }

    private byte peek() {
        if (at >= end) {
            throw Declined.INSTANCE;
        }
        return bytes[at];
    }

    private byte take() {
        byte b = peek();
        at++;
        return b;
    }

    // Not a pattern switch: its first run would spin a class (SwitchBootstraps), which the start-up
    // cache does not hold, on the path this class exists to keep short.
    private static void write(Object value, StringBuilder out) {
        if (value == null || value == NULL) {
            out.append("null");
        } else if (value instanceof String text) {
            quote(text, out);
        } else if (value instanceof Map<?, ?> object) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> property : object.entrySet()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                quote((String) property.getKey(), out);
                out.append(':');
                write(property.getValue(), out);
            }
            out.append('}');
        } else if (value instanceof List<?> array) {
            out.append('[');
            for (int i = 0; i < array.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                write(array.get(i), out);
            }
            out.append(']');
        } else if (value instanceof Long || value instanceof Integer || value instanceof Boolean) {
            out.append(value);
        } else {
            throw new IllegalArgumentException("not a plain JSON value: " + value.getClass().getName());
        }
    }

    private static void quote(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(HEX.charAt(c >> 4)).append(HEX.charAt(c & 0xf));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** Thrown inside the reader to give up; never leaves it. */
    private static final class Declined extends RuntimeException {
        static final Declined INSTANCE = new Declined();

        private Declined() {
            super(null, null, false, false);
        }
    }
}
