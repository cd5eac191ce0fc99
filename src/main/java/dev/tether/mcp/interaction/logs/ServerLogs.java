package dev.tether.mcp.interaction.logs;

import java.time.Instant;
import java.util.List;

/**
 * What a server said for diagnostics, for the user's {@code /mcp logs <server>}: its recent
 * {@code notifications/message} (oldest first; sanitised, redacted, bounded) and the last lines
 * of its stderr (stdio servers). Never model input.
 *
 * @param suppressed log messages not passed on to the host because the server sent too many at once
 */
public record ServerLogs(String server, List<Entry> entries, long suppressed, String stderr) {
    public ServerLogs {
        entries = List.copyOf(entries);
    }

    /** One log message. */
    public record Entry(Instant at, String level, String logger, String text) {}
}
