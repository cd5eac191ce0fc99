package dev.tether.mcp.connection;

import dev.tether.mcp.transport.stdio.StdioTransport;

/**
 * What a stdio server shows of itself: its process id and the tail of its stderr, which is kept
 * when the process ends so that a failure can say why.
 */
final class StdioDiagnostics {
    private volatile StdioTransport current;
    private volatile String lastStderr = "";

    void attach(ObservedChannel channel) {
        current = channel.delegate() instanceof StdioTransport stdio ? stdio : null;
    }

    /** The transport of {@code channel} is going: keep its stderr for later failures. */
    void detach(ObservedChannel channel) {
        if (channel != null && channel.delegate() instanceof StdioTransport stdio) {
            lastStderr = stdio.stderrTail();
            if (current == stdio) {
                current = null;
            }
        }
    }

    String stderrTail() {
        StdioTransport stdio = current;
        return stdio != null ? stdio.stderrTail() : lastStderr;
    }

    long pid() {
        StdioTransport stdio = current;
        return stdio != null ? stdio.pid() : -1;
    }

    /** {@code why} with the last stderr line, when there is one. */
    String withDiagnostics(String why) {
        String tail = stderrTail().strip();
        if (tail.isEmpty()) {
            return why;
        }
        return why + " (stderr: " + tail.substring(tail.lastIndexOf('\n') + 1) + ")";
    }
}
