package dev.tether.mcp.connection;

import dev.tether.mcp.transport.stdio.StderrExcerpt;
import dev.tether.mcp.transport.stdio.StdioTransport;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * What a stdio server shows of itself: its process id, its exit code and what it wrote to stderr,
 * which is kept when the process ends so that a failure can say why.
 */
final class StdioDiagnostics {
    /**
     * Words a server's stderr uses when it quit because of the request it got before
     * {@code initialize}: the Python SDK's "Received request before initialization was complete",
     * rmcp's "expect initialized request", an unknown-method complaint.
     */
    private static final Pattern HANDSHAKE_WORDS = Pattern.compile(
            "(?i)initiali[sz]|server/discover|\\bdiscover\\b|unknown method|method not found|unexpected (request|message)");

    private volatile StdioTransport current;
    private volatile String lastStderr = "";
    private volatile StderrExcerpt lastExcerpt = StderrExcerpt.EMPTY;
    private volatile Integer lastExitCode;
    private final Consumer<String> watcher;

    /** @param watcher told each stderr line of every process of the server (must not block) */
    StdioDiagnostics(Consumer<String> watcher) {
        this.watcher = watcher;
    }

    void attach(ObservedChannel channel) {
        current = channel.delegate() instanceof StdioTransport stdio ? stdio : null;
        if (current != null) {
            current.watchStderr(watcher);
        }
    }

    /** The transport of {@code channel} is going: keep its stderr for later failures. */
    void detach(ObservedChannel channel) {
        if (channel != null && channel.delegate() instanceof StdioTransport stdio) {
            lastStderr = stdio.stderrTail();
            lastExcerpt = stdio.stderrExcerpt();
            lastExitCode = stdio.exitCode();
            if (current == stdio) {
                current = null;
            }
        }
    }

    String stderrTail() {
        StdioTransport stdio = current;
        return stdio != null ? stdio.stderrTail() : lastStderr;
    }

    private StderrExcerpt excerpt() {
        StdioTransport stdio = current;
        return stdio != null ? stdio.stderrExcerpt() : lastExcerpt;
    }

    long pid() {
        StdioTransport stdio = current;
        return stdio != null ? stdio.pid() : -1;
    }

    /** The exit code of the server's process once it has ended, or null. */
    Integer exitCode() {
        StdioTransport stdio = current;
        return stdio != null ? stdio.exitCode() : lastExitCode;
    }

    /**
     * Whether a server that exited on the {@code server/discover} probe crashed by itself rather
     * than because of the probe: it wrote an error to stderr that says nothing of the handshake.
     * Such a server is not started again for {@code initialize}: it would only crash again. A
     * server that quit in silence, or complained of the request, gets its second start.
     */
    boolean crashedByItself() {
        StderrExcerpt said = excerpt();
        return said.firstError() != null && !HANDSHAKE_WORDS.matcher(said.summary()).find();
    }

    /**
     * {@code why} with the most telling stderr lines — the first error line and the last lines —
     * when there are any (see {@link StderrExcerpt}); the caller redacts.
     */
    String withDiagnostics(String why) {
        String said = excerpt().summary();
        return said.isEmpty() ? why : why + " (stderr: " + said + ")";
    }
}
