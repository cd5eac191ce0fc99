package dev.tether.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
            """)
    void cleans(String input, String expected, String why) {
        assertEquals(unescape(expected), UnicodeSanitizer.clean(unescape(input)), why);
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
