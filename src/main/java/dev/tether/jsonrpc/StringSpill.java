package dev.tether.jsonrpc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Decodes the body of one JSON string into a file as its bytes arrive, in pieces of any size:
 * escapes are undone (an escape cut between two pieces waits for the rest), everything else is
 * copied as it is. Decodes exactly as {@link LargeStrings#unescape} does: a surrogate pair
 * written as two {@code \\u} escapes becomes one code point, a lone surrogate U+FFFD. A raw
 * control character or an invalid escape makes the string invalid, as it makes the line
 * invalid JSON.
 */
final class StringSpill {
    /** {@link #feed} found the string invalid. */
    static final int INVALID = -2;
    /** {@link #feed} took every byte and the string goes on. */
    static final int MORE = -1;

    private static final int BUFFER = 64 * 1024;

    private FileChannel file;
    /** Where the text goes once the file cannot be written (a full disk): the rest of the way in memory. */
    private LineBuffer memory;
    private final ByteBuffer out = ByteBuffer.allocateDirect(BUFFER);
    /** An escape not yet complete: at most a high surrogate's six bytes and six of what follows. */
    private final byte[] escape = new byte[12];
    private int escaped;
    private long written;

    StringSpill(FileChannel file) {
        this.file = file;
    }

    /**
     * Decodes {@code data[offset, offset + length)}; returns the index just past the closing
     * quote when the string ends there, {@link #MORE} when it goes on, or {@link #INVALID}.
     */
    int feed(byte[] data, int offset, int length) throws IOException {
        int end = offset + length;
        for (int i = offset; i < end; i++) {
            if (escaped == 0) {
                int run = i;
                while (i < end && plain(data[i])) {
                    i++;
                }
                put(data, run, i - run);
                if (i == end) {
                    break;
                }
            }
            byte b = data[i];
            if (escaped > 0) {
                if (b == '"' && escaped == 6) {
                    // The string ends after a high surrogate escape, which then stands alone.
                    escaped = 0;
                    codePoint(0xFFFD);
                    return i + 1;
                }
                escape[escaped++] = b;
                if (resolve() == INVALID) {
                    return INVALID;
                }
                continue;
            }
            if (b == '"') {
                return i + 1;
            }
            if (b == '\\') {
                escape[escaped++] = b;
            } else if ((b & 0xff) < 0x20) {
                return INVALID;
            } else {
                put(b);
            }
        }
        return MORE;
    }

    /**
     * The string ended (the caller saw its closing quote through {@link #feed}): writes what is
     * left and hands the file over.
     */
    SpilledString finish() throws IOException {
        flush();
        return file != null ? new SpilledString(file, written) : new SpilledString(memory);
    }

    /** Gives the file up (closing deletes it). */
    void abandon() {
        memory = null;
        try {
            if (file != null) {
                file.close();
            }
        } catch (IOException ignored) {
            // Closing removes it either way.
        }
    }

    /** Acts on the pending escape once it can be read; returns 0, or {@link #INVALID}. */
    private int resolve() throws IOException {
        if (escaped < 2) {
            return 0;
        }
        byte kind = escape[1];
        if (kind != 'u') {
            escaped = 0;
            switch (kind) {
                case '"', '\\', '/' -> put(kind);
                case 'b' -> put((byte) '\b');
                case 'f' -> put((byte) '\f');
                case 'n' -> put((byte) '\n');
                case 'r' -> put((byte) '\r');
                case 't' -> put((byte) '\t');
                default -> {
                    return INVALID;
                }
            }
            return 0;
        }
        if (escaped < 6) {
            return 0;
        }
        int unit = hex4(2);
        if (unit < 0) {
            return INVALID;
        }
        if (!Character.isHighSurrogate((char) unit)) {
            escaped = 0;
            codePoint(Character.isSurrogate((char) unit) ? 0xFFFD : unit);
            return 0;
        }
        // A high surrogate: a pair only if "\\u" and a low surrogate follow at once.
        if (escaped == 6 || (escaped == 7 && escape[6] == '\\') || (escaped >= 8 && escaped < 12 && escape[6] == '\\' && escape[7] == 'u')) {
            return 0;
        }
        if (escaped == 12) {
            int low = hex4(8);
            if (low >= 0 && Character.isLowSurrogate((char) low)) {
                escaped = 0;
                codePoint(Character.toCodePoint((char) unit, (char) low));
                return 0;
            }
        }
        // Not a pair: the high surrogate stands alone, and what followed it is read afresh.
        codePoint(0xFFFD);
        int rest = escaped - 6;
        byte[] again = java.util.Arrays.copyOfRange(escape, 6, escaped);
        escaped = 0;
        return replay(again, rest);
    }

    private int replay(byte[] bytes, int length) throws IOException {
        for (int i = 0; i < length; i++) {
            byte b = bytes[i];
            if (escaped > 0) {
                escape[escaped++] = b;
                if (resolve() == INVALID) {
                    return INVALID;
                }
            } else if (b == '\\') {
                escape[escaped++] = b;
            } else if ((b & 0xff) < 0x20) {
                return INVALID;
            } else {
                put(b);
            }
        }
        return 0;
    }

    private int hex4(int from) {
        int value = 0;
        for (int i = from; i < from + 4; i++) {
            int digit = Character.digit(escape[i], 16);
            if (digit < 0) {
                return -1;
            }
            value = value * 16 + digit;
        }
        return value;
    }

    private void codePoint(int cp) throws IOException {
        if (cp < 0x80) {
            put((byte) cp);
        } else if (cp < 0x800) {
            put((byte) (0xC0 | cp >> 6));
            put((byte) (0x80 | cp & 0x3F));
        } else if (cp < 0x10000) {
            put((byte) (0xE0 | cp >> 12));
            put((byte) (0x80 | cp >> 6 & 0x3F));
            put((byte) (0x80 | cp & 0x3F));
        } else {
            put((byte) (0xF0 | cp >> 18));
            put((byte) (0x80 | cp >> 12 & 0x3F));
            put((byte) (0x80 | cp >> 6 & 0x3F));
            put((byte) (0x80 | cp & 0x3F));
        }
    }

    /** A byte copied as it is: not a quote, a backslash nor a control character. */
    private static boolean plain(byte b) {
        return b != '"' && b != '\\' && (b < 0 || b >= 0x20);
    }

    private void put(byte[] data, int offset, int length) throws IOException {
        while (length > 0) {
            if (!out.hasRemaining()) {
                flush();
            }
            int n = Math.min(length, out.remaining());
            out.put(data, offset, n);
            offset += n;
            length -= n;
        }
    }

    private void put(byte b) throws IOException {
        if (!out.hasRemaining()) {
            flush();
        }
        out.put(b);
    }

    private void flush() throws IOException {
        out.flip();
        try {
            while (memory == null && out.hasRemaining()) {
                written += file.write(out);
            }
        } catch (IOException e) {
            toMemory(e);
        }
        if (memory != null && out.hasRemaining()) {
            byte[] rest = new byte[out.remaining()];
            out.get(rest);
            memory.write(rest, 0, rest.length);
        }
        out.clear();
    }

    /**
     * The file cannot take more (a full disk, a file size limit): what it holds is read back and
     * the text goes on in memory, as it would have without spilling; the file is deleted.
     */
    private void toMemory(IOException cause) throws IOException {
        LineBuffer kept = new LineBuffer();
        ByteBuffer block = ByteBuffer.allocate(BUFFER);
        for (long at = 0; at < written; ) {
            block.clear().limit((int) Math.min(BUFFER, written - at));
            int n = file.read(block, at);
            if (n <= 0) {
                throw cause;
            }
            kept.write(block.array(), 0, n);
            at += n;
        }
        file.close();
        file = null;
        memory = kept;
        org.slf4j.LoggerFactory.getLogger(StringSpill.class)
                .warn("a long text is kept in memory: its spill file could not be written ({})", cause.getMessage());
    }
}
