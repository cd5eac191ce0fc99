package dev.tether.mcp.settings;

import dev.tether.base.net.Network;
import dev.tether.jsonrpc.LineChannel;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.catalog.CoalescingRefresher;
import dev.tether.mcp.interaction.ServerRequestHandler;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * How the runtime keeps its connections: stdout line limit, catalog bounds, refresh coalescing,
 * recovery backoff, the catalog barrier's wait for in-flight refreshes, how it heals (health
 * checks, the circuit breaker, the catalog TTL), and who answers the server's
 * roots/sampling/elicitation requests. Named defaults in {@link #DEFAULT}.
 *
 * @param barrierTimeout the longest {@code McpRuntime.awaitTools} waits for refreshes in flight
 * @param network        proxies and trusted certificates for HTTP, SSE and WebSocket servers
 */
public record McpConnectionSettings(int maxLineBytes, CatalogBounds catalogBounds, Duration refreshQuiet,
                                    Duration refreshMaxDelay, Recovery recovery, Duration barrierTimeout,
                                    ServerRequestHandler serverRequests, Healing healing, Network network) {
    public McpConnectionSettings {
        java.util.Objects.requireNonNull(healing);
        java.util.Objects.requireNonNull(network);
    }

    /** Without a network setting of its own: direct connections, the JDK's trust. */
    public McpConnectionSettings(int maxLineBytes, CatalogBounds catalogBounds, Duration refreshQuiet, Duration refreshMaxDelay,
                                 Recovery recovery, Duration barrierTimeout, ServerRequestHandler serverRequests, Healing healing) {
        this(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout, serverRequests, healing,
                Network.DIRECT);
    }

    public static final Duration DEFAULT_BARRIER_TIMEOUT = Duration.ofSeconds(5);

    /**
     * Reconnecting after a terminal transport error: at most {@code attempts} tries in a row (then
     * the circuit breaker parks the server as failed), the k-th after a wait drawn with equal
     * jitter from [b/2, b] where b = {@code firstBackoff · 2^(k-1)} capped at {@code maxBackoff}.
     *
     * @param random uniform in [0, 1); tests pass a fixed sequence
     */
    public record Recovery(int attempts, Duration firstBackoff, Duration maxBackoff, DoubleSupplier random) {
        public static final int DEFAULT_ATTEMPTS = 5;
        public static final Duration DEFAULT_FIRST_BACKOFF = Duration.ofMillis(500);
        public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(16);
        public static final Recovery DEFAULT = new Recovery(DEFAULT_ATTEMPTS, DEFAULT_FIRST_BACKOFF, DEFAULT_MAX_BACKOFF);

        /** With jitter from a thread-local random source. */
        public Recovery(int attempts, Duration firstBackoff, Duration maxBackoff) {
            this(attempts, firstBackoff, maxBackoff, () -> ThreadLocalRandom.current().nextDouble());
        }

        /** The ceiling b of attempt {@code attempt} (from 1), before jitter. */
        public Duration ceiling(int attempt) {
            long millis = firstBackoff.toMillis() << Math.min(attempt - 1, 20);
            return Duration.ofMillis(Math.min(millis, maxBackoff.toMillis()));
        }

        /**
         * The wait before attempt {@code attempt}: equal jitter, half of the ceiling plus a random
         * share of the other half, so attempts of many sessions after one outage spread out while
         * none comes back at once.
         */
        public Duration backoff(int attempt) {
            long ceiling = ceiling(attempt).toMillis();
            double r = Math.min(Math.max(random.getAsDouble(), 0), 1);
            return Duration.ofMillis(ceiling / 2 + Math.round((ceiling - ceiling / 2) * r));
        }

        /** The longest a whole recovery waits between attempts. */
        public Duration budget() {
            Duration total = Duration.ZERO;
            for (int i = 1; i <= attempts; i++) {
                total = total.plus(ceiling(i));
            }
            return total;
        }
    }

    /**
     * How a connection heals on its own.
     *
     * @param healthCheck  ping a ready server idle for this long (nothing in flight, nothing received); zero = off.
     *                     A server's policy may override it ({@code healthCheckSeconds})
     * @param pingTimeout  a health ping unanswered for this long ends the transport (a terminal error)
     * @param coolDown     after the breaker parked a server, the next use retries it once this has passed; it
     *                     doubles after each failed retry up to {@code maxCoolDown}
     * @param catalogTtl   before a model request, the tool list of a server that does not send
     *                     {@code list_changed} is refreshed once it is older than this; zero = never
     * @param clock        monotonic nanoseconds for cool-downs and catalog ages ({@link System#nanoTime} but in tests)
     */
    public record Healing(Duration healthCheck, Duration pingTimeout, Duration coolDown, Duration maxCoolDown,
                          Duration catalogTtl, LongSupplier clock) {
        public static final Duration DEFAULT_HEALTH_CHECK = Duration.ofSeconds(60);
        public static final Duration DEFAULT_PING_TIMEOUT = Duration.ofSeconds(10);
        public static final Duration DEFAULT_COOL_DOWN = Duration.ofSeconds(30);
        public static final Duration DEFAULT_MAX_COOL_DOWN = Duration.ofMinutes(10);
        public static final Duration DEFAULT_CATALOG_TTL = Duration.ofSeconds(20);
        public static final Healing DEFAULT = new Healing(DEFAULT_HEALTH_CHECK, DEFAULT_PING_TIMEOUT, DEFAULT_COOL_DOWN,
                DEFAULT_MAX_COOL_DOWN, DEFAULT_CATALOG_TTL, System::nanoTime);

        public Healing withHealthCheck(Duration every) {
            return new Healing(every, pingTimeout, coolDown, maxCoolDown, catalogTtl, clock);
        }

        public Healing withCoolDown(Duration first, Duration max) {
            return new Healing(healthCheck, pingTimeout, first, max, catalogTtl, clock);
        }

        public Healing withCatalogTtl(Duration ttl) {
            return new Healing(healthCheck, pingTimeout, coolDown, maxCoolDown, ttl, clock);
        }
    }

    public static final McpConnectionSettings DEFAULT = new McpConnectionSettings(LineChannel.DEFAULT_MAX_LINE_BYTES,
            CatalogBounds.DEFAULT, CoalescingRefresher.DEFAULT_QUIET, CoalescingRefresher.DEFAULT_MAX_DELAY,
            Recovery.DEFAULT, DEFAULT_BARRIER_TIMEOUT, ServerRequestHandler.NOT_OFFERED, Healing.DEFAULT);

    public McpConnectionSettings withMaxLineBytes(int bytes) {
        return new McpConnectionSettings(bytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout,
                serverRequests, healing, network);
    }

    public McpConnectionSettings withRecovery(Recovery r) {
        return new McpConnectionSettings(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, r, barrierTimeout,
                serverRequests, healing, network);
    }

    public McpConnectionSettings withServerRequests(ServerRequestHandler handler) {
        return new McpConnectionSettings(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout,
                handler, healing, network);
    }

    public McpConnectionSettings withHealing(Healing h) {
        return new McpConnectionSettings(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout,
                serverRequests, h, network);
    }

    public McpConnectionSettings withNetwork(Network net) {
        return new McpConnectionSettings(maxLineBytes, catalogBounds, refreshQuiet, refreshMaxDelay, recovery, barrierTimeout,
                serverRequests, healing, net);
    }
}
