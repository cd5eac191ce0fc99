package dev.tether.tools.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.Cancellation;
import dev.tether.tools.FileSystem;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A window's bounds never cut a line short where its reader cannot tell: read_file masks the
 * window and then cuts each line itself, so a line cut at a bound of the window would show the
 * first part of a secret as if it were the whole line.
 */
class LineWindowTest {
    private static final String SECRET = "sk-ant-api03-CANARY-0123456789abcdefghij";

    @Test
    void aLineBegunUnderTheWindowsBoundIsKeptToItsOwnBoundNotCutAtTheWindows() throws IOException {
        StringBuilder file = new StringBuilder();
        for (int i = 0; i < 63; i++) {
            file.append("a".repeat(LineWindow.MAX_KEPT_LINE_CHARS - 1)).append('\n');
        }
        // Leaves exactly 1,000 characters of the window's bound for the next line, which holds the secret at 990.
        int rest = (int) FileSystem.MAX_WHOLE_FILE_BYTES - 1000 - file.length() - 1;
        file.append("b".repeat(rest)).append('\n');
        String secretLine = "x".repeat(990) + SECRET + " and more";
        file.append(secretLine).append('\n').append("after\n");

        List<String> lines = read(file.toString(), 1, 100).lines().toList();
        assertEquals(66, lines.size());
        assertEquals(secretLine, lines.get(64), "the line is whole, so masking it finds the secret");
        assertEquals("", lines.get(65), "nothing is begun past the bound");
    }

    @Test
    void aWindowWhereTheScanStopsEndsBeforeTheLineItStopsIn() throws IOException {
        long stop = LineWindow.MAX_SCANNED_CHARS;
        // Empty lines up to 100 characters before the scan's end, then a line that the end would cut.
        InputStream file = new InputStream() {
            private long at;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0];
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                int n = 0;
                while (n < length && at < stop + 1000) {
                    buffer[offset + n++] = at < stop - 100 ? (byte) '\n' : (byte) SECRET.charAt((int) ((at - (stop - 100)) % SECRET.length()));
                    at++;
                }
                return n == 0 ? -1 : n;
            }
        };
        int lastLine = (int) (stop - 100) + 1;
        assertEquals("\n", LineWindow.read(file, lastLine - 1, 10, Cancellation.root()),
                "the empty line before it, and not the first 100 characters of the cut line");
    }

    private static String read(String text, int first, int limit) throws IOException {
        return LineWindow.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), first, limit, Cancellation.root());
    }
}
