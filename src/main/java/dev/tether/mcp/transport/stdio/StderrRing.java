package dev.tether.mcp.transport.stdio;

import java.util.ArrayDeque;
import java.util.Deque;

/** The last lines a server wrote to stderr, bounded in lines and characters, for diagnostics. */
final class StderrRing {
    private final int maxLines;
    private final int maxChars;
    private final Deque<String> lines = new ArrayDeque<>();
    private int chars;

    StderrRing(int maxLines, int maxChars) {
        this.maxLines = maxLines;
        this.maxChars = maxChars;
    }

    synchronized void add(String line) {
        String kept = line.length() > 4096 ? line.substring(0, 4096) + "…" : line;
        lines.addLast(kept);
        chars += kept.length();
        while (lines.size() > maxLines || chars > maxChars) {
            chars -= lines.removeFirst().length();
        }
    }

    synchronized String tail() {
        return String.join("\n", lines);
    }
}
