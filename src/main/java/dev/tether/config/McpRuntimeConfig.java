package dev.tether.config;

import dev.tether.mcp.McpConnectionSettings;
import dev.tether.mcp.McpRuntimeOptions;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Runtime-wide MCP settings from the config file's {@code "mcp"} object; every key is
 * optional and a bad value is a warning that keeps the default:
 * <pre>
 * "mcp": {"maxMessageMegabytes": 16, "inlineTextChars": 25000, "connectTimeoutSeconds": 30,
 *         "callIdleSeconds": 60, "callTotalSeconds": 600}
 * </pre>
 */
public record McpRuntimeConfig(UnaryOperator<McpRuntimeOptions> options, McpConnectionSettings settings) {
    private static final Logger LOG = LoggerFactory.getLogger(McpRuntimeConfig.class);

    public static McpRuntimeConfig from(JsonNode config) {
        JsonNode mcp = config.path("mcp");
        McpConnectionSettings settings = McpConnectionSettings.DEFAULT;
        Integer megabytes = number(mcp, "maxMessageMegabytes", 1, 1024);
        if (megabytes != null) {
            settings = settings.withMaxLineBytes(megabytes * 1024 * 1024);
        }
        Integer inline = number(mcp, "inlineTextChars", 1000, 1_000_000);
        Integer connect = number(mcp, "connectTimeoutSeconds", 1, 3600);
        Integer idle = number(mcp, "callIdleSeconds", 1, 86_400);
        Integer total = number(mcp, "callTotalSeconds", 1, 86_400);
        UnaryOperator<McpRuntimeOptions> options = o -> {
            McpRuntimeOptions out = o;
            if (inline != null) {
                out = out.withMaxInlineTextChars(inline);
            }
            if (connect != null) {
                out = out.withConnectTimeout(Duration.ofSeconds(connect));
            }
            if (idle != null || total != null) {
                out = out.withCallTimeouts(new McpRuntimeOptions.CallTimeouts(
                        idle == null ? o.callTimeouts().idle() : Duration.ofSeconds(idle),
                        total == null ? o.callTimeouts().total() : Duration.ofSeconds(total)));
            }
            return out;
        };
        return new McpRuntimeConfig(options, settings);
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
