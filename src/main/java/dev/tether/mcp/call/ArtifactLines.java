package dev.tether.mcp.call;

import java.io.IOException;
import java.io.Reader;

/**
 * How an artifact's text is numbered in lines, the same way when its head is shown and when it is
 * read on: lines end at {@code \n}, and a line longer than {@link #WIDTH} characters counts as
 * several lines of at most {@code WIDTH} each. Results are often one long line of JSON; cutting it
 * keeps every page of {@code read_artifact} bounded and every position reachable by an offset.
 */
final class ArtifactLines {
    /** The longest line; a longer one continues on the next line number. */
    static final int WIDTH = 2000;

    private long complete;
    private int current;

    /** Counts {@code text}, the next piece of the artifact. */
    void feed(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                complete++;
                current = 0;
            } else if (++current > WIDTH) {
                complete++;
                current = 1;
            }
        }
    }

    /** How many lines the text fed so far has. */
    long total() {
        return complete + (current > 0 ? 1 : 0);
    }

    /** The number of the line the text fed so far stops in (a cut line is read again from its start). */
    long next() {
        return complete + 1;
    }

    /** Receives one numbered line; returns false to stop reading. */
    interface Sink {
        boolean line(long number, String text) throws IOException;
    }

    /** Reads {@code in} line by line in this numbering until the end or until {@code sink} says stop. */
    static void read(Reader in, Sink sink) throws IOException {
        char[] buffer = new char[16 * 1024];
        StringBuilder line = new StringBuilder();
        long number = 1;
        boolean pending = false;
        int n;
        while ((n = in.read(buffer)) > 0) {
            for (int i = 0; i < n; i++) {
                char c = buffer[i];
                if (c == '\n') {
                    if (!sink.line(number++, line.toString())) {
                        return;
                    }
                    line.setLength(0);
                    pending = false;
                    continue;
                }
                if (line.length() == WIDTH) {
                    if (!sink.line(number++, line.toString())) {
                        return;
                    }
                    line.setLength(0);
                }
                line.append(c);
                pending = true;
            }
        }
        if (pending) {
            sink.line(number, line.toString());
        }
    }
}
