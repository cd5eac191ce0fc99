package dev.tether.mcp;

import dev.tether.base.net.Network;
import dev.tether.jsonrpc.LineChannel;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.interaction.ServerRequestHandler;
import java.time.Duration;

/**
 * How the runtime keeps its connections: stdout line limit, catalog bounds, refresh coalescing,
 * recovery backoff, the catalog barrier's wait for in-flight refreshes, and who answers the
 * server's roots/sampling/elicitation requests. Named defaults in {@link #DEFAULT}.
 *
 * @param barrierTimeout the longest {@link McpRuntime#awaitTools} waits for refreshes in flight
 * @param network        proxies and trusted certificates for HTTP, SSE and WebSocket servers
 */
public record McpConnectionSettings(int maxLineBytes, CatalogBounds catalogBounds, Duration refreshQuiet,
                                    Duration refreshMaxDelay, Recovery recovery, Duration barrierTimeout,
                                    ServerRequestHandler serverRequests, Network network) {
    public McpConnectionSettings {
        java.util.Objects.requireNonNull(network);
    }

    /** Without a network setting of its own: direct connections, the JDK's trust. */
    public McpConnectionSettings(int maxLineBytes, CatalogBounds catalogBounds, Duration refreshQuiet, Duration refreshMaxDelay,
                                 Recovery recovery, Duration barrierTimeout, ServerRequestHandler serverRequests) {
        this(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout, serverRequests, Network.DIRECT);
    }

    public static final Duration DEFAULT_BARRIER_TIMEOUT = Duration.ofSeconds(5);

    /**
     * Reconnecting after a terminal transport error: {@code attempts} tries, the k-th after
     * {@code firstBackoff · 2^(k-1)} capped at {@code maxBackoff}.
     */
    public record Recovery(int attempts, Duration firstBackoff, Duration maxBackoff) {
        public static final int DEFAULT_ATTEMPTS = 3;
        public static final Duration DEFAULT_FIRST_BACKOFF = Duration.ofMillis(250);
        public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(2);
        public static final Recovery DEFAULT = new Recovery(DEFAULT_ATTEMPTS, DEFAULT_FIRST_BACKOFF, DEFAULT_MAX_BACKOFF);

        Duration backoff(int attempt) {
            long millis = firstBackoff.toMillis() << Math.min(attempt - 1, 20);
            return Duration.ofMillis(Math.min(millis, maxBackoff.toMillis()));
        }

        /** Roughly the longest a whole recovery waits between attempts. */
        Duration budget() {
            Duration total = Duration.ZERO;
            for (int i = 1; i <= attempts; i++) {
                total = total.plus(backoff(i));
            }
            return total;
        }
    }

    public static final McpConnectionSettings DEFAULT = new McpConnectionSettings(LineChannel.DEFAULT_MAX_LINE_BYTES,
            CatalogBounds.DEFAULT, CoalescingRefresher.DEFAULT_QUIET, CoalescingRefresher.DEFAULT_MAX_DELAY,
            Recovery.DEFAULT, DEFAULT_BARRIER_TIMEOUT, ServerRequestHandler.NOT_OFFERED);

    public McpConnectionSettings withMaxLineBytes(int bytes) {
        return new McpConnectionSettings(bytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout, serverRequests, network);
    }

    public McpConnectionSettings withCatalogBounds(CatalogBounds bounds) {
        return new McpConnectionSettings(maxLineBytes, bounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout, serverRequests, network);
    }

    public McpConnectionSettings withRecovery(Recovery r) {
        return new McpConnectionSettings(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, r, barrierTimeout, serverRequests, network);
    }

    public McpConnectionSettings withServerRequests(ServerRequestHandler handler) {
        return new McpConnectionSettings(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout, handler, network);
    }

    public McpConnectionSettings withNetwork(Network net) {
        return new McpConnectionSettings(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout,
                serverRequests, net);
    }
}
