package dev.tether.mcp.connection;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.catalog.CacheHint;
import dev.tether.mcp.catalog.Catalog;
import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.security.Redactor;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.IntConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refetching one connection's tool list: on {@code list_changed} (coalesced), on request, and
 * when the list is older than the server's cache hint ({@code ttlMs}, MCP 2026-07-28) or, without
 * one, when a server that never sends {@code list_changed} has a list older than the catalog TTL
 * (see {@link CacheHint}).
 * One fetch at a time; a list is committed only for the generation it was fetched from.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#list-changed-notification">MCP tools list_changed</a>
 */
final class ToolListRefresh {
    private static final Logger LOG = LoggerFactory.getLogger(ToolListRefresh.class);

    private final String server;
    private final McpRuntimeOptions options;
    private final McpConnectionSettings settings;
    private final ConnectionState state;
    private final Cancellation lifetime;
    private final IntConsumer committed;
    private final CoalescingRefresher refresher;
    private final ReentrantLock fetchLock = new ReentrantLock();
    private volatile long staleAskedAt = Long.MIN_VALUE;

    /** @param committed told the generation whose new, changed list was committed */
    ToolListRefresh(String server, McpRuntimeOptions options, McpConnectionSettings settings, ConnectionState state,
                    Cancellation lifetime, IntConsumer committed) {
        this.server = server;
        this.options = options;
        this.settings = settings;
        this.state = state;
        this.lifetime = lifetime;
        this.committed = committed;
        this.refresher = new CoalescingRefresher(server, settings.refreshQuiet(), settings.refreshMaxDelay(),
                this::fromNotification);
    }

    CoalescingRefresher refresher() {
        return refresher;
    }

    /** Notification-driven refresh: a failure keeps the last good catalog and is logged. */
    private void fromNotification() {
        try {
            refresh(lifetime, false);
        } catch (McpError e) {
            LOG.warn("mcp {}: tool list refresh failed, keeping the last good list: {}", server, Redactor.redact(e.getMessage()));
        } catch (CancelledException e) {
            // Closing.
        }
    }

    /** See {@link McpConnection#refresh(Cancellation, boolean)}. */
    Catalog<McpToolInfo> refresh(Cancellation cancellation, boolean manual) {
        fetchLock.lock();
        try {
            ConnectionState.RefreshStart start = state.refreshStart(manual);
            if (!start.ready()) {
                return start.current();
            }
            List<McpToolInfo> listed = start.client().listTools(settings.catalogBounds(), options.listTimeout(), cancellation);
            Catalog<McpToolInfo> catalog = state.commitTools(start.generation(), listed);
            if (catalog.revision() != start.current().revision()) {
                committed.accept(start.generation());
            }
            return catalog;
        } finally {
            fetchLock.unlock();
        }
    }

    /**
     * Before a model request: asks for a refresh when the server does not tell us of changes
     * ({@code tools.listChanged} not declared, or a 2026-07-28 server's listen stream is not up) and its list is older than the catalog TTL (counted
     * from the last commit or the last such request). It goes through the coalescing refresher, so
     * the barrier waits for it within its own bound.
     */
    void refreshIfStale(McpClientSession ready) {
        McpClientSession.Initialized init = ready == null ? null : ready.initialized();
        if (init == null || !ready.declares("tools") || ready.announcesChanges("tools")) {
            return;
        }
        long now = settings.healing().clock().getAsLong();
        long since = Math.max(state.catalogAt(), staleAskedAt);
        if (CacheHint.due(ready.cacheHint("tools/list"), settings.healing().catalogTtl(), now - since)) {
            staleAskedAt = now;
            refresher.request();
        }
    }

    void close() {
        refresher.close();
    }
}
