package dev.tether.tools.local;

import dev.tether.base.Cancellation;
import dev.tether.tools.FileSystem;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A window of lines from a text stream of any size, in bounded memory: lines before the window
 * are skipped without being kept, each kept line is cut at {@link #MAX_KEPT_LINE_CHARS} (callers
 * show far less of a line, and mask it first), and no line is begun once the window holds
 * {@link FileSystem#MAX_WHOLE_FILE_BYTES} characters: later lines come back empty, but none is
 * cut short at that bound, where a caller could show the first half of a secret as a whole line
 * with nothing left to mask. The scan itself stops after {@link #MAX_SCANNED_CHARS}, without
 * the line it stops in unless that line was already cut at its own bound. A file that is one multi-gigabyte line therefore costs a
 * bounded scan, never the heap. The scan obeys cancellation.
 */
final class LineWindow {
    /** Characters kept of one line; callers cut far shorter lines for the model anyway. */
    static final int MAX_KEPT_LINE_CHARS = 64 * 1024;
    /** How far into a file a window may lie (in characters); beyond it, reading takes too long. */
    static final long MAX_SCANNED_CHARS = 256L * 1024 * 1024;

    private LineWindow() {}

    static String read(InputStream in, int first, int limit, Cancellation cancellation) throws IOException {
        var decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        Reader reader = new InputStreamReader(in, decoder);
        StringBuilder out = new StringBuilder();
        char[] buffer = new char[8192];
        int number = 1;
        int taken = 0;
        int lineChars = 0;
        int lineStart = 0;
        boolean keepLine = true;
        boolean pendingCR = false;
        long scanned = 0;
        int n;
        while (taken < limit && (n = reader.read(buffer)) > 0) {
            cancellation.throwIfCancelled();
            scanned += n;
            if (scanned > MAX_SCANNED_CHARS) {
                if (number < first) {
                    throw new LocalFileSystem.TooFar();
                }
                // A window that began in reach ends where the scan stops, without a line cut short there.
                if (lineChars < MAX_KEPT_LINE_CHARS) {
                    out.setLength(lineStart);
                    lineChars = 0;
                }
                break;
            }
            for (int i = 0; i < n && taken < limit; i++) {
                char c = buffer[i];
                if (pendingCR) {
                    pendingCR = false;
                    if (c == '\n') {
                        continue; // CRLF ends one line, not two
                    }
                }
                boolean end = c == '\n' || c == '\r';
                if (end) {
                    pendingCR = c == '\r';
                    if (number >= first) {
                        out.append('\n');
                        taken++;
                    }
                    lineStart = out.length();
                    number++;
                    lineChars = 0;
                    continue;
                }
                if (lineChars == 0) {
                    keepLine = out.length() < FileSystem.MAX_WHOLE_FILE_BYTES;
                }
                if (number >= first && lineChars < MAX_KEPT_LINE_CHARS && keepLine) {
                    out.append(c);
                }
                lineChars++;
            }
        }
        if (taken < limit && lineChars > 0 && number >= first) {
            out.append('\n'); // the last line had no line break
        }
        return out.toString();
    }
}
