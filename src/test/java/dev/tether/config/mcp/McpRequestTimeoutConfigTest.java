package dev.tether.config.mcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.mcp.settings.McpRuntimeOptions.RequestTimeouts;
import dev.tether.mcp.settings.McpRuntimeOptions;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The {@code "mcp"} keys for the read, prompt and completion limits: each is taken alone, a bad one keeps its default. */
class McpRequestTimeoutConfigTest {
    private static final McpRuntimeOptions DEFAULTS = McpRuntimeOptions.defaults(Path.of("."), Map.of());

    @Test
    void theDefaultsAreThirtyThirtyAndTen() {
        assertEquals(new RequestTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(30), Duration.ofSeconds(10)),
                DEFAULTS.requestTimeouts());
        assertEquals(DEFAULTS.requestTimeouts(), McpRuntimeConfig.DEFAULT.apply(DEFAULTS).requestTimeouts());
    }

    @Test
    void eachKeySetsItsOwnLimit() {
        assertEquals(new RequestTimeouts(Duration.ofSeconds(120), Duration.ofSeconds(30), Duration.ofSeconds(10)),
                applied("{\"mcp\": {\"readTimeoutSeconds\": 120}}"));
        assertEquals(new RequestTimeouts(Duration.ofSeconds(30), Duration.ofSeconds(45), Duration.ofSeconds(3)),
                applied("{\"mcp\": {\"promptTimeoutSeconds\": 45, \"completionTimeoutSeconds\": 3}}"));
    }

    @Test
    void aBadValueIsWarnedAboutAndKeepsTheDefault() {
        McpRuntimeConfig config = McpRuntimeConfig.from(Json.parse("""
                {"mcp": {"readTimeoutSeconds": 0, "promptTimeoutSeconds": "soon", "completionTimeoutSeconds": 3601,
                         "callIdleSeconds": 5}}"""));
        assertEquals(new McpRuntimeConfig(null, null, null, 5, null, null, null, null), config, "only the good key is kept");
        assertEquals(DEFAULTS.requestTimeouts(), config.apply(DEFAULTS).requestTimeouts());
    }

    private static RequestTimeouts applied(String json) {
        return McpRuntimeConfig.from(Json.parse(json)).apply(DEFAULTS).requestTimeouts();
    }
}
