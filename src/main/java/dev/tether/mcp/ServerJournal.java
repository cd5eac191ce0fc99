package dev.tether.mcp;

import dev.tether.mcp.api.ServerReport;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What happened to each server of a runtime, as the status view tells it: the states it went
 * through (the last {@value #KEPT}, a repeat of the same state and reason kept once) and when its
 * tool catalog last changed. Told every event the runtime delivers, in order.
 */
final class ServerJournal {
    static final int KEPT = 20;

    private final Clock clock;
    private final Map<String, Deque<ServerReport.Change>> changes = new ConcurrentHashMap<>();
    private final Map<String, Catalog> catalogs = new ConcurrentHashMap<>();

    private record Catalog(long revision, Instant at) {}

    ServerJournal(Clock clock) {
        this.clock = clock;
    }

    void record(McpRuntimeEvent event) {
        Instant now = clock.instant();
        switch (event) {
            case McpRuntimeEvent.StateChanged changed -> {
                Deque<ServerReport.Change> kept = changes.computeIfAbsent(event.server(), s -> new ArrayDeque<>());
                ServerReport.Change entry = new ServerReport.Change(now, changed.status().state(), changed.status().reason());
                synchronized (kept) {
                    ServerReport.Change last = kept.peekLast();
                    if (last != null && last.state() == entry.state() && Objects.equals(last.reason(), entry.reason())) {
                        return;
                    }
                    kept.addLast(entry);
                    if (kept.size() > KEPT) {
                        kept.removeFirst();
                    }
                }
            }
            case McpRuntimeEvent.ToolsChanged tools -> catalogs.compute(event.server(), (s, known) ->
                    known != null && known.revision() == tools.catalogRevision() ? known : new Catalog(tools.catalogRevision(), now));
        }
    }

    List<ServerReport.Change> history(String server) {
        Deque<ServerReport.Change> kept = changes.get(server);
        if (kept == null) {
            return List.of();
        }
        synchronized (kept) {
            return List.copyOf(kept);
        }
    }

    /** When the server's committed tool catalog last changed, or null before it had one. */
    Instant catalogChanged(String server) {
        Catalog known = catalogs.get(server);
        return known == null || known.revision() == 0 ? null : known.at();
    }
}
