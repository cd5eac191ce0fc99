package dev.tether.security;

import java.io.IOException;
import java.io.Reader;
import java.text.Normalizer;
import java.util.function.Consumer;

/**
 * Cleans text that comes from an untrusted peer (an MCP server's names, descriptions, schemas,
 * results, errors, progress messages) before a model or a person reads it: format characters
 * (bidi embeddings, overrides and isolates, zero-width space and joiners, the BOM, tag
 * characters), private-use, unassigned and surrogate code points, variation selectors and
 * invisible fillers are removed, the rest is NFKC-normalised, and control characters other than
 * tab, newline and carriage return are dropped. Such characters can hide instructions from a
 * person while the model still reads them.
 *
 * <p>Invisible characters are removed both before and after normalisation, so a zero-width
 * character between a letter and its combining mark cannot keep the two from composing, and
 * nothing NFKC produces slips through.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations">MCP tools: security</a>
 */
public final class UnicodeSanitizer {
    /** Chunk size of {@link #clean(String, Consumer)}: large enough to be fast, small enough not to copy much. */
    public static final int CHUNK_CHARS = 64 * 1024;

    private UnicodeSanitizer() {}

    /** The cleaned text; null stays null. */
    public static String clean(String text) {
        if (text == null) {
            return null;
        }
        return clean(text, 0, text.length());
    }

    /**
     * Cleans a possibly huge text chunk by chunk, handing each cleaned chunk to {@code sink}, so
     * that no second full copy of the text is ever held. Chunks end just before an ASCII
     * character, where normalisation cannot join the two sides, so the concatenated output
     * equals {@link #clean(String)} of the whole (for texts with no ASCII character in a whole
     * chunk the cut falls on a code point boundary instead).
     */
    public static void clean(String text, Consumer<String> sink) {
        int length = text.length();
        int start = 0;
        while (start < length) {
            int end = chunkEnd(text, start, length);
            String cleaned = clean(text, start, end);
            if (!cleaned.isEmpty()) {
                sink.accept(cleaned);
            }
            start = end;
        }
    }

    /**
     * As {@link #clean(String, Consumer)} for a text read from {@code in} (a huge tool result kept in
     * a file): the chunks are cut where that method cuts them, so the output is the same.
     */
    public static void clean(Reader in, Consumer<String> sink) throws IOException {
        // One character past the chunk, where chunkEnd may look, and one more to know the text goes on.
        char[] window = new char[CHUNK_CHARS + 2];
        int filled = 0;
        boolean ended = false;
        while (true) {
            while (!ended && filled < window.length) {
                int n = in.read(window, filled, window.length - filled);
                if (n < 0) {
                    ended = true;
                } else {
                    filled += n;
                }
            }
            if (filled == 0) {
                return;
            }
            CharSequence text = java.nio.CharBuffer.wrap(window, 0, filled);
            int end = chunkEnd(text, 0, filled);
            String chunk = new String(window, 0, end);
            String cleaned = plainAscii(chunk, 0, end) ? chunk : clean(chunk, 0, end);
            if (!cleaned.isEmpty()) {
                sink.accept(cleaned);
            }
            System.arraycopy(window, end, window, 0, filled - end);
            filled -= end;
        }
    }

    /** Whether the text is unchanged by {@link #clean}. */
    public static boolean isClean(String text) {
        return text == null || text.equals(clean(text));
    }

    private static String clean(String text, int start, int end) {
        if (plainAscii(text, start, end)) {
            return text.substring(start, end);
        }
        String normalized = Normalizer.normalize(filter(text, start, end), Normalizer.Form.NFKC);
        return filter(normalized, 0, normalized.length());
    }

    private static int chunkEnd(CharSequence text, int start, int length) {
        if (length - start <= CHUNK_CHARS) {
            return length;
        }
        int limit = start + CHUNK_CHARS;
        for (int i = limit; i > start + CHUNK_CHARS / 2; i--) {
            if (text.charAt(i) < 0x80) {
                return i;
            }
        }
        return Character.isLowSurrogate(text.charAt(limit)) ? limit + 1 : limit;
    }

    private static boolean plainAscii(String text, int start, int end) {
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if ((c < 0x20 || c > 0x7E) && c != '\t' && c != '\n' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    private static String filter(String text, int start, int end) {
        StringBuilder out = new StringBuilder(end - start);
        for (int i = start; i < end; ) {
            int cp = text.codePointAt(i);
            if (keep(cp)) {
                out.appendCodePoint(cp);
            }
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    private static boolean keep(int cp) {
        if (cp == '\t' || cp == '\n' || cp == '\r') {
            return true;
        }
        return switch (Character.getType(cp)) {
            // FORMAT covers bidi embeddings/isolates/marks, zero-width space/joiners, BOM, tags.
            case Character.FORMAT, Character.PRIVATE_USE, Character.UNASSIGNED, Character.SURROGATE,
                 Character.CONTROL -> false;
            default -> !isBidiOrInvisible(cp);
        };
    }

    /** Invisible characters that Unicode does not classify as format characters. */
    private static boolean isBidiOrInvisible(int cp) {
        return cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0 // Hangul fillers
                || cp == 0x034F // combining grapheme joiner
                || (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xE0100 && cp <= 0xE01EF); // variation selectors
    }
}
