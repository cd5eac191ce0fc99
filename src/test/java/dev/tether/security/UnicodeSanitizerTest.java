package dev.tether.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnicodeSanitizerTest {

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', textBlock = """
            'Reads a file'                  | 'Reads a file'            | plain text unchanged
            'safe\\u202Eevil'               | 'safeevil'                | bidi override removed
            'a\\u2066b\\u2069c'             | 'abc'                     | bidi isolates removed
            'zero\\u200Bwidth\\u200Djoin'   | 'zerowidthjoin'           | zero-width space and joiner removed
            '\\uFEFFbom'                    | 'bom'                     | byte order mark removed
            'pua\\uE000x'                   | 'puax'                    | private use removed
            'tag\\uDB40\\uDC41s'            | 'tags'                    | tag characters removed
            'ｆｕｌｌ'                        | 'full'                    | NFKC folds full width
            'line1\\nline2\\tend'           | 'line1\\nline2\\tend'     | newline and tab kept
            'bell\\u0007'                   | 'bell'                    | control removed
            'a\\u200Eb\\u200Fc\\u061Cd'       | 'abcd'                    | LRM, RLM and Arabic letter mark removed
            'x\\u2060y\\u180Ez'              | 'xyz'                     | word joiner and Mongolian separator removed
            'e\\u200B\\u0301'                | '\\u00E9'                 | zero-width between base and accent does not block composition
            '\\uFB01le'                     | 'file'                    | NFKC unfolds ligatures
            'unassigned\\u0378'             | 'unassigned'              | unassigned code point removed
            'var\\uFE0Fsel'                 | 'varsel'                  | variation selector removed
            'hangul\\u3164filler'           | 'hangulfiller'            | Hangul filler removed
            'crlf\\r\\nkept'                | 'crlf\\r\\nkept'            | carriage return kept
            """)
    void cleans(String input, String expected, String why) {
        assertEquals(unescape(expected), UnicodeSanitizer.clean(unescape(input)), why);
    }

    @Test
    void aHugeTextIsCleanedInChunksExactlyAsAWhole() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            text.append("line ").append(i).append(i % 7 == 0 ? " e\u0301\u200B\uFF21" : "").append(i % 11 == 0 ? "\u202E" : "").append('\n');
        }
        text.append("\u00E9".repeat(3 * UnicodeSanitizer.CHUNK_CHARS)); // a run without ASCII longer than a chunk
        StringBuilder chunked = new StringBuilder();
        java.util.List<Integer> sizes = new java.util.ArrayList<>();
        UnicodeSanitizer.clean(text.toString(), piece -> {
            sizes.add(piece.length());
            chunked.append(piece);
        });
        assertEquals(UnicodeSanitizer.clean(text.toString()), chunked.toString());
        org.junit.jupiter.api.Assertions.assertTrue(sizes.size() > 3 && sizes.stream().allMatch(n -> n <= UnicodeSanitizer.CHUNK_CHARS + 1));
    }

    @Test
    void aTextReadFromAReaderIsCutIntoTheSamePiecesAsTheStringItself() throws java.io.IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            text.append("line ").append(i).append(i % 7 == 0 ? " e\u0301\u200B\uFF21" : "").append('\n');
        }
        text.append("\uD83D\uDE00".repeat(2 * UnicodeSanitizer.CHUNK_CHARS)); // no ASCII, and pairs at every cut
        text.append("\u00E9".repeat(UnicodeSanitizer.CHUNK_CHARS + 1)).append("end");
        java.util.List<String> fromString = new java.util.ArrayList<>();
        UnicodeSanitizer.clean(text.toString(), fromString::add);
        java.util.List<String> fromReader = new java.util.ArrayList<>();
        // A reader that hands out at most 1,000 characters at a time, as a file decoder may.
        java.io.Reader slow = new java.io.FilterReader(new java.io.StringReader(text.toString())) {
            @Override
            public int read(char[] into, int offset, int length) throws java.io.IOException {
                return super.read(into, offset, Math.min(length, 1000));
            }
        };
        UnicodeSanitizer.clean(slow, fromReader::add);
        assertEquals(fromString, fromReader);
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(i + 1);
                if (n == 'u') {
                    out.append((char) Integer.parseInt(s.substring(i + 2, i + 6), 16));
                    i += 5;
                    continue;
                }
                out.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
                i++;
                continue;
            }
            out.append(c);
        }
        return out.toString();
    }
}
