package dev.tether.mcp.interaction;

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
 * server, each sanitised, redacted and capped, and passed to the host as
 * {@link McpNotice.Log} — user diagnostics, never model input, and never on the path of server
 * instructions. A server that floods is throttled: past {@value #NOTICES_PER_SECOND} messages a
 * second the rest only go to the ring (and are counted).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/logging">MCP logging</a>
 */
final class LogBook {
    static final int NOTICES_PER_SECOND = 20;
    static final Set<String> LEVELS = Set.of("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency");
    private static final int MAX_LOGGER_BYTES = 100;

    private final McpHost host;
    private final InteractionSettings settings;
    private final Map<String, Ring> rings = new ConcurrentHashMap<>();

    private static final class Ring {
        final Deque<ServerLogs.Entry> entries = new ArrayDeque<>();
        long windowStart;
        int inWindow;
        long suppressed;
    }

    LogBook(McpHost host, InteractionSettings settings) {
        this.host = host;
        this.settings = settings;
    }

    /** Records one {@code notifications/message}; cheap, never blocks on the host beyond its own {@code notice}. */
    void record(String server, JsonNode params) {
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
        if (raw.length() > settings.logEntryBytes() * 4) {
            raw = raw.substring(0, settings.logEntryBytes() * 4);
        }
        String text = Redactor.redactLines(UnicodeSanitizer.clean(raw), settings.logEntryBytes());
        ServerLogs.Entry entry = new ServerLogs.Entry(Instant.now(), level, logger, text);
        Ring ring = rings.computeIfAbsent(server, s -> new Ring());
        boolean tell;
        synchronized (ring) {
            ring.entries.addLast(entry);
            while (ring.entries.size() > settings.logEntries()) {
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
            host.notice(new McpNotice.Log(server, level, logger, text));
        }
    }

    List<ServerLogs.Entry> recent(String server) {
        Ring ring = rings.get(server);
        if (ring == null) {
            return List.of();
        }
        synchronized (ring) {
            return List.copyOf(ring.entries);
        }
    }

    long suppressed(String server) {
        Ring ring = rings.get(server);
        if (ring == null) {
            return 0;
        }
        synchronized (ring) {
            return ring.suppressed;
        }
    }
}
