package dev.tether.config.mcp;

import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Runtime-wide MCP settings from the config file's {@code "mcp"} object; every key is
 * optional (null here) and a bad value is a warning that keeps the default:
 * <pre>
 * "mcp": {"maxMessageMegabytes": 16, "inlineTextChars": 25000, "connectTimeoutSeconds": 30,
 *         "callIdleSeconds": 60, "callTotalSeconds": 600, "readTimeoutSeconds": 30,
 *         "promptTimeoutSeconds": 30, "completionTimeoutSeconds": 10, "taskForegroundSeconds": 180,
 *         "healthCheckSeconds": 60, "catalogTtlSeconds": 20, "reconnectAttempts": 5, "retryCoolDownSeconds": 30}
 * </pre>
 * Plain values on purpose: the settings are read at start-up, and the MCP runtime's classes are
 * only needed when {@link #apply} runs for the first session.
 */
public record McpRuntimeConfig(Integer maxMessageMegabytes, Integer inlineTextChars, Integer connectTimeoutSeconds,
                               Integer callIdleSeconds, Integer callTotalSeconds, Integer readTimeoutSeconds,
                               Integer promptTimeoutSeconds, Integer completionTimeoutSeconds,
                               Integer taskForegroundSeconds, Healing healing) {
    /** Every default. */
    public static final McpRuntimeConfig DEFAULT = new McpRuntimeConfig(null, null, null, null, null, null, null, null, null,
            Healing.DEFAULT);

    /**
     * How connections heal: the idle ping interval (0 = off), the catalog TTL (0 = off), the attempts
     * in a row before the circuit breaker parks a server, and its first cool-down.
     */
    public record Healing(Integer healthCheckSeconds, Integer catalogTtlSeconds, Integer reconnectAttempts,
                          Integer retryCoolDownSeconds) {
        public static final Healing DEFAULT = new Healing(null, null, null, null);
    }

    /** Without a task foreground wait or healing settings of their own (their defaults). */
    public McpRuntimeConfig(Integer maxMessageMegabytes, Integer inlineTextChars, Integer connectTimeoutSeconds,
                            Integer callIdleSeconds, Integer callTotalSeconds, Integer readTimeoutSeconds,
                            Integer promptTimeoutSeconds, Integer completionTimeoutSeconds) {
        this(maxMessageMegabytes, inlineTextChars, connectTimeoutSeconds, callIdleSeconds, callTotalSeconds,
                readTimeoutSeconds, promptTimeoutSeconds, completionTimeoutSeconds, null, Healing.DEFAULT);
    }

    /** The settings in {@code config}, its warnings left out (for tests of the values alone). */
    public static McpRuntimeConfig from(JsonNode config) {
        return from(config, "config", new ArrayList<>());
    }

    /** The settings in {@code config} (read from {@code source}); each value it cannot use adds one warning to {@code warnings}. */
    public static McpRuntimeConfig from(JsonNode config, String source, List<ConfigWarning> warnings) {
        JsonNode mcp = config.path("mcp");
        Reader r = new Reader(mcp, source, warnings);
        return new McpRuntimeConfig(r.number("maxMessageMegabytes", 1, 1024), r.number("inlineTextChars", 1000, 1_000_000),
                r.number("connectTimeoutSeconds", 1, 3600), r.number("callIdleSeconds", 1, 86_400),
                r.number("callTotalSeconds", 1, 86_400), r.number("readTimeoutSeconds", 1, 3600),
                r.number("promptTimeoutSeconds", 1, 3600), r.number("completionTimeoutSeconds", 1, 3600),
                r.number("taskForegroundSeconds", 1, 3600),
                new Healing(r.number("healthCheckSeconds", 0, 86_400), r.number("catalogTtlSeconds", 0, 86_400),
                        r.number("reconnectAttempts", 1, 100), r.number("retryCoolDownSeconds", 1, 86_400)));
    }

    /** {@code options} with the values set here; a call timeout left unset keeps {@code options}' own. */
    public McpRuntimeOptions apply(McpRuntimeOptions options) {
        McpRuntimeOptions out = options;
        if (inlineTextChars != null) {
            out = out.withMaxInlineTextChars(inlineTextChars);
        }
        if (connectTimeoutSeconds != null) {
            out = out.withConnectTimeout(Duration.ofSeconds(connectTimeoutSeconds));
        }
        if (callIdleSeconds != null || callTotalSeconds != null) {
            out = out.withCallTimeouts(new McpRuntimeOptions.CallTimeouts(
                    callIdleSeconds == null ? options.callTimeouts().idle() : Duration.ofSeconds(callIdleSeconds),
                    callTotalSeconds == null ? options.callTimeouts().total() : Duration.ofSeconds(callTotalSeconds)));
        }
        if (readTimeoutSeconds != null || promptTimeoutSeconds != null || completionTimeoutSeconds != null) {
            McpRuntimeOptions.RequestTimeouts own = options.requestTimeouts();
            out = out.withRequestTimeouts(new McpRuntimeOptions.RequestTimeouts(
                    orDefault(readTimeoutSeconds, own.read()), orDefault(promptTimeoutSeconds, own.prompt()),
                    orDefault(completionTimeoutSeconds, own.completion())));
        }
        if (taskForegroundSeconds != null) {
            out = out.withTasks(out.tasks().withForeground(Duration.ofSeconds(taskForegroundSeconds)));
        }
        return out;
    }

    private static Duration orDefault(Integer seconds, Duration fallback) {
        return seconds == null ? fallback : Duration.ofSeconds(seconds);
    }

    /** The per-connection bounds: the default, with the configured message size, recovery and healing. */
    public McpConnectionSettings connectionSettings() {
        McpConnectionSettings settings = McpConnectionSettings.DEFAULT;
        if (maxMessageMegabytes != null) {
            settings = settings.withMaxLineBytes(maxMessageMegabytes * 1024 * 1024);
        }
        if (healing.reconnectAttempts() != null) {
            McpConnectionSettings.Recovery r = settings.recovery();
            settings = settings.withRecovery(new McpConnectionSettings.Recovery(healing.reconnectAttempts(), r.firstBackoff(),
                    r.maxBackoff(), r.random()));
        }
        McpConnectionSettings.Healing h = settings.healing();
        if (healing.healthCheckSeconds() != null) {
            h = h.withHealthCheck(Duration.ofSeconds(healing.healthCheckSeconds()));
        }
        if (healing.catalogTtlSeconds() != null) {
            h = h.withCatalogTtl(Duration.ofSeconds(healing.catalogTtlSeconds()));
        }
        if (healing.retryCoolDownSeconds() != null) {
            Duration first = Duration.ofSeconds(healing.retryCoolDownSeconds());
            h = h.withCoolDown(first, first.compareTo(h.maxCoolDown()) > 0 ? first : h.maxCoolDown());
        }
        return settings.withHealing(h);
    }

    /** Reads whole numbers of {@code mcp}; one out of its range is a warning and keeps the default. */
    private record Reader(JsonNode mcp, String source, List<ConfigWarning> warnings) {
        Integer number(String key, int min, int max) {
            JsonNode value = mcp.get(key);
            if (value == null || value.isNull()) {
                return null;
            }
            if (!value.isIntegralNumber() || value.asLong() < min || value.asLong() > max) {
                warnings.add(ConfigWarning.badValue(source, "mcp." + key, value, "a whole number from " + min + " to " + max,
                        "using the default"));
                return null;
            }
            return value.asInt();
        }
    }
}
