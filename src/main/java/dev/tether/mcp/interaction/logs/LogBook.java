package dev.tether.mcp.interaction.logs;

import dev.tether.json.Json;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * Log messages of every server ({@code notifications/message}): kept in a bounded ring per
 * server, each sanitised, redacted and capped, and passed on to a {@link Listener} (the runtime
 * tells the host) — user diagnostics, never model input, and never on the path of server
 * instructions. A server that floods is throttled: past {@value #NOTICES_PER_SECOND} messages a
 * second the rest only go to the ring (and are counted).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging">MCP logging</a>
 */
public final class LogBook {
    static final int NOTICES_PER_SECOND = 20;
    static final Set<String> LEVELS = Set.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");
    private static final int MAX_LOGGER_BYTES = 100;

    private final Listener listener;
    private final int entries;
    private final int entryBytes;
    private final Map<String, Ring> rings = new ConcurrentHashMap<>();

    /** Told each message that is not throttled; called on the connection's reader thread, so it must not block. */
    @FunctionalInterface
    public interface Listener {
        void logged(String server, ServerLogs.Entry entry);
    }

    private static final class Ring {
        final Deque<ServerLogs.Entry> entries = new ArrayDeque<>();
        long windowStart;
        int inWindow;
        long suppressed;
    }

    /**
     * @param entries    log messages kept per server
     * @param entryBytes the longest log message kept (UTF-8 bytes)
     */
    public LogBook(Listener listener, int entries, int entryBytes) {
        this.listener = listener;
        this.entries = entries;
        this.entryBytes = entryBytes;
    }

    /** Records one {@code notifications/message}; cheap, never blocks beyond the listener's own call. */
    public void record(String server, JsonNode params) {
        if (params == null || !params.isObject()) {
            return;
        }
        String level = params.path("level").asString("info");
        if (!LEVELS.contains(level)) {
            level = "info";
        }
        JsonNode loggerNode = params.get("logger");
        String logger = loggerNode != null && loggerNode.isString()
                ? Redactor.redact(UnicodeSanitizer.clean(loggerNode.asString()), MAX_LOGGER_BYTES) : null;
        JsonNode data = params.get("data");
        String raw = data == null ? "" : data.isString() ? data.asString() : Json.write(data);
        if (raw.length() > entryBytes * 4) {
            raw = raw.substring(0, entryBytes * 4);
        }
        String text = Redactor.redactLines(UnicodeSanitizer.clean(raw), entryBytes);
        ServerLogs.Entry entry = new ServerLogs.Entry(Instant.now(), level, logger, text);
        Ring ring = rings.computeIfAbsent(server, s -> new Ring());
        boolean tell;
        synchronized (ring) {
            ring.entries.addLast(entry);
            while (ring.entries.size() > entries) {
                ring.entries.removeFirst();
            }
            long now = System.nanoTime();
            if (now - ring.windowStart > 1_000_000_000L) {
                ring.windowStart = now;
                ring.inWindow = 0;
            }
            tell = ++ring.inWindow <= NOTICES_PER_SECOND;
            if (!tell) {
                ring.suppressed++;
            }
        }
        if (tell) {
            listener.logged(server, entry);
        }
    }

    public List<ServerLogs.Entry> recent(String server) {
        Ring ring = rings.get(server);
        if (ring == null) {
            return List.of();
        }
        synchronized (ring) {
            return List.copyOf(ring.entries);
        }
    }

    public long suppressed(String server) {
        Ring ring = rings.get(server);
        if (ring == null) {
            return 0;
        }
        synchronized (ring) {
            return ring.suppressed;
        }
    }
}
