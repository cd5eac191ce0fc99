package dev.tether.security;

import java.text.Normalizer;

/**
 * Cleans text that comes from an untrusted peer (an MCP server's names, descriptions, results)
 * before a model or a person reads it: NFKC, then bidi controls, zero-width and other format
 * characters, private-use, unassigned and surrogate code points are removed, and control
 * characters other than tab, newline and carriage return are dropped. Such characters can hide
 * instructions from a person while the model still reads them.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#security-considerations">MCP tools: security</a>
 */
public final class UnicodeSanitizer {
    private UnicodeSanitizer() {}

    /** The cleaned text; null stays null. */
    public static String clean(String text) {
        if (text == null) {
            return null;
        }
        String normalized = Normalizer.normalize(text, Normalizer.Form.NFKC);
        StringBuilder out = new StringBuilder(normalized.length());
        normalized.codePoints().filter(UnicodeSanitizer::keep).forEach(out::appendCodePoint);
        return out.toString();
    }

    /** Whether the text is unchanged by {@link #clean}. */
    public static boolean isClean(String text) {
        return text == null || text.equals(clean(text));
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
