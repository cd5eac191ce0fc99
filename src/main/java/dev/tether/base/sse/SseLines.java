package dev.tether.base.sse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The lines of an event stream (ended by CRLF, LF or CR), decoded as UTF-8 after a leading
 * byte order mark is skipped, each at most {@code maxBytes} long: the bytes of a line are
 * counted as they arrive, so an endless line costs at most the limit in memory. Splitting bytes
 * is safe because CR and LF never occur inside a multi-byte UTF-8 sequence.
 */
final class SseLines {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final InputStream in;
    private final int maxBytes;
    private final byte[] buffer = new byte[8192];
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private int position;
    private int length;
    private boolean afterCr;
    private int lastBytes;
    private int bomChecked;

    SseLines(InputStream in, int maxBytes) {
        this.in = in;
        this.maxBytes = maxBytes;
    }

    /** The byte length of the line last returned. */
    int lastBytes() {
        return lastBytes;
    }

    /** The next line without its end, or null at the end of the stream (a last line without an end is dropped). */
    String next() throws IOException {
        line.reset();
        while (true) {
            if (position == length) {
                length = in.read(buffer);
                position = 0;
                if (length <= 0) {
                    length = 0;
                    return null;
                }
            }
            skipBom();
            int start = position;
            while (position < length) {
                byte b = buffer[position];
                if (afterCr) {
                    afterCr = false;
                    if (b == '\n' && position == start) {
                        position++;
                        start = position;
                        continue;
                    }
                }
                if (b == '\n' || b == '\r') {
                    line.write(buffer, start, position - start);
                    afterCr = b == '\r';
                    position++;
                    return done();
                }
                position++;
            }
            line.write(buffer, start, position - start);
            if (line.size() > maxBytes) {
                throw new SseParser.TooLarge("a line of the server's stream is longer than " + maxBytes + " bytes");
            }
        }
    }

    /** Drops the BOM's bytes while they arrive at the very start; any other byte ends the check. */
    private void skipBom() {
        while (bomChecked < BOM.length && position < length) {
            if (buffer[position] != BOM[bomChecked]) {
                // Bytes of a partial BOM already skipped were not a BOM after all: put them back.
                line.write(BOM, 0, bomChecked);
                bomChecked = BOM.length;
                return;
            }
            position++;
            bomChecked++;
        }
    }

    private String done() throws SseParser.TooLarge {
        if (line.size() > maxBytes) {
            throw new SseParser.TooLarge("a line of the server's stream is longer than " + maxBytes + " bytes");
        }
        lastBytes = line.size();
        return line.toString(StandardCharsets.UTF_8);
    }
}
