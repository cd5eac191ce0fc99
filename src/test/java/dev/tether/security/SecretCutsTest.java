package dev.tether.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecretCutsTest {
    private static final String KEY = "sk-ant-api03-Canary0123456789abcdefghij";
    private static final String OTHER = "opaque-Token-98765432";
    private static final String MARK = SecretRegistry.MARKER;

    private static SecretCuts cuts(String... values) {
        SecretRegistry registry = SecretRegistry.empty();
        for (String value : values) {
            registry.register(value);
        }
        return SecretCuts.of(registry);
    }

    @Test
    void aHeadCutAnywhereAcrossASecretShowsNoPartOfIt() {
        SecretCuts cuts = cuts(KEY);
        String text = "....." + KEY + ".....";
        for (int cut = 1; cut <= text.length(); cut++) {
            String head = cuts.head(text, cut);
            assertNoFragment(head, KEY);
            assertEquals(prefix("....." + MARK + ".....", cut), head, "cut at " + cut);
        }
    }

    @Test
    void aSecretAtTheVeryStartOrEndIsMaskedWhateverTheCut() {
        SecretCuts cuts = cuts(KEY);
        for (String text : List.of(KEY, KEY + "-tail", "head-" + KEY)) {
            for (int cut = 1; cut <= text.length() + 1; cut++) {
                String head = cuts.head(text, cut);
                assertNoFragment(head, KEY);
                assertEquals(prefix(text.replace(KEY, MARK), cut), head);
            }
        }
    }

    @Test
    void twoSecretsInOneTextAreBothMaskedAtEveryCut() {
        SecretCuts cuts = cuts(KEY, OTHER);
        String text = "a=" + KEY + " b=" + OTHER + " c=" + KEY;
        String masked = "a=" + MARK + " b=" + MARK + " c=" + MARK;
        assertEquals(masked, cuts.mask(text));
        for (int cut = 1; cut <= text.length(); cut++) {
            String head = cuts.head(text, cut);
            assertNoFragment(head, KEY);
            assertNoFragment(head, OTHER);
            assertEquals(prefix(masked, cut), head);
        }
    }

    @Test
    void overlappingValuesAreMaskedTogetherSoNeitherShowsARemainder() {
        SecretCuts cuts = cuts("abcdefgh12", "12345678xy");
        // Masking one value first would destroy the other's occurrence and leave "345678xy" readable.
        assertEquals("<" + MARK + ">", cuts.mask("<abcdefgh12345678xy>"));
        // A value that overlaps itself is masked over its whole run.
        assertEquals("-" + MARK + "-", cuts("abababab").mask("-ababababab-"));
        // A value inside a longer one is masked with it, once.
        assertEquals(MARK + " " + MARK, cuts("token-1234", "token-1234-and-more").mask("token-1234-and-more token-1234"));
    }

    @Test
    void aStreamMasksASecretSplitBetweenPiecesAtEveryOffset() {
        SecretCuts cuts = cuts(KEY, OTHER);
        String text = "start " + KEY + " middle " + OTHER + " end";
        String masked = cuts.mask(text);
        for (int split = 0; split <= text.length(); split++) {
            StringBuilder out = new StringBuilder();
            SecretCuts.MaskingStream stream = cuts.stream(out::append);
            stream.push(text.substring(0, split));
            stream.push(text.substring(split));
            stream.finish();
            assertEquals(masked, out.toString(), "split at " + split);
        }
    }

    @Test
    void aStreamOfTinyPiecesIsMaskedAsOneText() {
        SecretCuts cuts = cuts(KEY);
        String text = ("x".repeat(5000) + KEY).repeat(5) + "y";
        StringBuilder out = new StringBuilder();
        SecretCuts.MaskingStream stream = cuts.stream(out::append);
        for (char c : text.toCharArray()) {
            stream.push(String.valueOf(c));
        }
        assertTrue(out.length() < text.length(), "most of the text went on before the end");
        stream.finish();
        assertEquals(cuts.mask(text), out.toString());
    }

    @Test
    void theWrapCaseAReaderMasksAcrossEveryChunkBoundaryBeforeLinesAreWrapped() throws IOException {
        SecretCuts cuts = cuts(KEY);
        String text = "z".repeat(16 * 1024 - 7) + KEY + "\n" + "w".repeat(40) + KEY;
        for (int chunk = 1; chunk <= KEY.length() + 1; chunk++) {
            String read = readAll(cuts.reader(new ChunkedReader(text, chunk)));
            assertEquals(cuts.mask(text), read, "source chunks of " + chunk);
            for (String wrapped : wrap(read, 2000)) {
                assertNoFragment(wrapped, KEY);
            }
        }
    }

    @Test
    void aTailWhoseStartWasCutAnywhereInASecretShowsNoPartOfIt() {
        SecretCuts cuts = cuts(KEY);
        String text = "....." + KEY + "." + "y".repeat(100);
        for (int cut = 0; cut <= 5 + KEY.length(); cut++) {
            String tail = cuts.tail(text.substring(cut), cut > 0, 1000);
            assertNoFragment(tail, KEY);
            assertTrue(tail.endsWith("y".repeat(60)), "the end is kept");
        }
        assertEquals("y".repeat(7), cuts.tail(text, false, 7), "the last bytes only");
        assertEquals("é", cuts.tail("aé", false, 2), "the last two bytes are one character");
        assertEquals("", cuts.tail("aé", false, 1), "never half a character");
        assertTrue(cuts.tailMarginBytes() >= 4 * (KEY.length() - 1));
    }

    @Test
    void aMaskedValueKeepsItsLineBreaksSoLineNumbersStay() {
        SecretCuts cuts = cuts("line-one-secret\nline-two-secret");
        // Four lines before, four after: the line after the value is still line 4.
        assertEquals("a\n" + MARK + "\n\nb", cuts.mask("a\nline-one-secret\nline-two-secret\nb"));
    }

    @Test
    void aKeySpeltWithInvisibleOrFullWidthCharactersIsMaskedOnceSanitised() {
        SecretCuts cuts = cuts(KEY);
        String zeroWidth = String.join("\u200B", KEY.split(""));
        StringBuilder fullWidth = new StringBuilder();
        for (char c : KEY.toCharArray()) {
            fullWidth.append(c >= '!' && c <= '~' ? (char) (c - '!' + '\uFF01') : c);
        }
        assertEquals("k=" + MARK, cuts.clean("k=" + zeroWidth));
        assertEquals("k=" + MARK, cuts.clean("k=" + fullWidth));
        // Sanitised first, the last letter would join the accent ("é") and the rest of the value would show.
        String value = "opaque-secret-value";
        assertTrue(!UnicodeSanitizer.clean(value + "\u0301").contains(value));
        assertEquals("v=" + MARK + "\u0301", cuts(value).clean("v=" + value + "\u0301"));
    }

    @Test
    void redactedErrorsAreCappedOnlyAfterMaskingAtEveryByteCount() {
        SecretCuts cuts = cuts(OTHER);
        String error = "refused: held " + OTHER + " in the request";
        for (int max = 8; max <= error.length() + 4; max++) {
            assertNoFragment(cuts.redact(error, max), OTHER);
            assertNoFragment(cuts.redactLines(error + "\n" + OTHER, max), OTHER);
            assertNoFragment(cuts.cap(error, max), OTHER);
        }
        assertEquals("refused: held " + MARK + " in the request", cuts.redact(error, 500));
    }

    @Test
    void withNoSecretsEverythingPassesAsItIs() throws IOException {
        SecretCuts none = SecretCuts.none();
        String text = "nothing secret here";
        assertSame(text, none.mask(text));
        assertEquals("nothing", none.head(text, 7));
        Reader reader = new StringReader(text);
        assertSame(reader, none.reader(reader));
        List<String> pieces = new ArrayList<>();
        SecretCuts.MaskingStream stream = none.stream(pieces::add);
        stream.push("a");
        stream.push("b");
        assertEquals(List.of("a", "b"), pieces, "nothing is held back");
        // A registry with values but none in the text: the same instance, no copy.
        assertSame(text, cuts(KEY).mask(text));
    }

    @Test
    void theHeadNeverSplitsASurrogatePair() {
        String text = "ab\uD83D\uDE00cd";
        assertEquals("ab", cuts(KEY).head(text, 3));
        assertEquals("ab", SecretCuts.none().head(text, 3));
    }

    /** No piece of {@code secret} of four characters or more is in {@code text}. */
    static void assertNoFragment(String text, String secret) {
        for (int i = 0; i + 4 <= secret.length(); i++) {
            String piece = secret.substring(i, i + 4);
            assertTrue(!text.contains(piece), "a piece of the secret (" + piece + ") shows in: " + text);
        }
    }

    private static String prefix(String text, int chars) {
        return text.substring(0, Math.min(chars, text.length()));
    }

    private static String readAll(Reader reader) throws IOException {
        StringBuilder out = new StringBuilder();
        char[] buffer = new char[777];
        for (int n; (n = reader.read(buffer, 0, buffer.length)) > 0; ) {
            out.append(buffer, 0, n);
        }
        return out.toString();
    }

    private static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            for (int at = 0; at < line.length(); at += width) {
                lines.add(line.substring(at, Math.min(line.length(), at + width)));
            }
        }
        return lines;
    }

    /** Hands out its text at most {@code chunk} characters per read, as a slow stream would. */
    private static final class ChunkedReader extends Reader {
        private final String text;
        private final int chunk;
        private int at;

        ChunkedReader(String text, int chunk) {
            this.text = text;
            this.chunk = chunk;
        }

        @Override
        public int read(char[] buffer, int offset, int length) {
            if (at == text.length()) {
                return -1;
            }
            int n = Math.min(Math.min(length, chunk), text.length() - at);
            text.getChars(at, at + n, buffer, offset);
            at += n;
            return n;
        }

        @Override
        public void close() {
        }
    }
}
