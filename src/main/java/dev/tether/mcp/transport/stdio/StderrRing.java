package dev.tether.mcp.transport.stdio;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * The last lines a server wrote to stderr, bounded in lines and characters, for diagnostics; and
 * its first error line, kept even when the ring has dropped it (see {@link StderrExcerpt}).
 */
final class StderrRing {
    private final int maxLines;
    private final int maxChars;
    private final Deque<String> lines = new ArrayDeque<>();
    private int chars;
    private String firstError;
    private Consumer<String> watcher = line -> {};

    StderrRing(int maxLines, int maxChars) {
        this.maxLines = maxLines;
        this.maxChars = maxChars;
    }

    void add(String line) {
        String kept = line.length() > 4096 ? line.substring(0, 4096) + "…" : line;
        Consumer<String> told;
        synchronized (this) {
            if (firstError == null && StderrExcerpt.isErrorLine(kept)) {
                firstError = kept;
            }
            lines.addLast(kept);
            chars += kept.length();
            while (lines.size() > maxLines || chars > maxChars) {
                chars -= lines.removeFirst().length();
            }
            told = watcher;
        }
        told.accept(kept);
    }

    /**
     * Tells {@code watcher} every line from now on, after the lines kept so far (a line that
     * arrives meanwhile may be told twice). It is called on the reader thread and must not block.
     */
    void watch(Consumer<String> watcher) {
        List<String> before;
        synchronized (this) {
            this.watcher = watcher;
            before = List.copyOf(lines);
        }
        before.forEach(watcher);
    }

    synchronized String tail() {
        return String.join("\n", lines);
    }

    synchronized StderrExcerpt excerpt() {
        return StderrExcerpt.of(firstError, List.copyOf(lines));
    }
}
