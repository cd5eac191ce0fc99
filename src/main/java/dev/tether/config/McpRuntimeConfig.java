package dev.tether.config;

import dev.tether.mcp.McpConnectionSettings;
import dev.tether.mcp.McpRuntimeOptions;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Runtime-wide MCP settings from the config file's {@code "mcp"} object; every key is
 * optional (null here) and a bad value is a warning that keeps the default:
 * <pre>
 * "mcp": {"maxMessageMegabytes": 16, "inlineTextChars": 25000, "connectTimeoutSeconds": 30,
 *         "callIdleSeconds": 60, "callTotalSeconds": 600, "readTimeoutSeconds": 30,
 *         "promptTimeoutSeconds": 30, "completionTimeoutSeconds": 10, "taskForegroundSeconds": 180}
 * </pre>
 * Plain values on purpose: the settings are read at start-up, and the MCP runtime's classes are
 * only needed when {@link #apply} runs for the first session.
 */
public record McpRuntimeConfig(Integer maxMessageMegabytes, Integer inlineTextChars, Integer connectTimeoutSeconds,
                               Integer callIdleSeconds, Integer callTotalSeconds, Integer readTimeoutSeconds,
                               Integer promptTimeoutSeconds, Integer completionTimeoutSeconds,
                               Integer taskForegroundSeconds) {
    /** Every default. */
    public static final McpRuntimeConfig DEFAULT = new McpRuntimeConfig(null, null, null, null, null, null, null, null, null);

    /** Settings without a task foreground wait of their own. */
    public McpRuntimeConfig(Integer maxMessageMegabytes, Integer inlineTextChars, Integer connectTimeoutSeconds,
                            Integer callIdleSeconds, Integer callTotalSeconds, Integer readTimeoutSeconds,
                            Integer promptTimeoutSeconds, Integer completionTimeoutSeconds) {
        this(maxMessageMegabytes, inlineTextChars, connectTimeoutSeconds, callIdleSeconds, callTotalSeconds, readTimeoutSeconds,
                promptTimeoutSeconds, completionTimeoutSeconds, null);
    }

    private static final Logger LOG = LoggerFactory.getLogger(McpRuntimeConfig.class);

    static McpRuntimeConfig from(JsonNode config) {
        JsonNode mcp = config.path("mcp");
        return new McpRuntimeConfig(number(mcp, "maxMessageMegabytes", 1, 1024), number(mcp, "inlineTextChars", 1000, 1_000_000),
                number(mcp, "connectTimeoutSeconds", 1, 3600), number(mcp, "callIdleSeconds", 1, 86_400),
                number(mcp, "callTotalSeconds", 1, 86_400), number(mcp, "readTimeoutSeconds", 1, 3600),
                number(mcp, "promptTimeoutSeconds", 1, 3600), number(mcp, "completionTimeoutSeconds", 1, 3600),
                number(mcp, "taskForegroundSeconds", 1, 3600));
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

    /** The per-connection bounds: the default, with the configured message size. */
    public McpConnectionSettings connectionSettings() {
        McpConnectionSettings settings = McpConnectionSettings.DEFAULT;
        return maxMessageMegabytes == null ? settings : settings.withMaxLineBytes(maxMessageMegabytes * 1024 * 1024);
    }

    private static Integer number(JsonNode mcp, String key, int min, int max) {
        JsonNode value = mcp.get(key);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isIntegralNumber() || value.asLong() < min || value.asLong() > max) {
            LOG.warn("config: mcp.{} must be a whole number from {} to {}; using the default", key, min, max);
            return null;
        }
        return value.asInt();
    }
}
