package dev.tether.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.model.ProviderSelection;
import dev.tether.model.ProviderSettings;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ProviderSelectionTest {
    static final JsonNode FILE = Json.parse("""
            {"provider": "openai", "model": "qwen3-coder",
             "anthropic": {"apiKey": "sk-ant-file", "version": "2026-10-21"},
             "openai": {"baseUrl": "http://localhost:11434/v1/", "includeUsage": false},
             "maxTokens": 2048}""");

    record Row(Map<String, String> env, JsonNode file, String provider, String model, String baseUrl) {}

    @Test
    void choosesProviderAndModelFromEnvironmentThenFile() throws Exception {
        Row[] rows = {
                new Row(Map.of(), null, "none", null, null),
                new Row(Map.of("ANTHROPIC_API_KEY", "sk-ant"), null, "anthropic", "claude-sonnet-4-5", "https://api.anthropic.com"),
                new Row(Map.of("ANTHROPIC_API_KEY", "sk-ant", "OPENAI_API_KEY", "sk-o"), null, "anthropic", "claude-sonnet-4-5", "https://api.anthropic.com"),
                new Row(Map.of("OPENAI_API_KEY", "sk-o"), null, "openai", "gpt-4o-mini", "https://api.openai.com"),
                new Row(Map.of("OPENAI_BASE_URL", "http://localhost:8080/"), null, "openai", "gpt-4o-mini", "http://localhost:8080"),
                new Row(Map.of("OPENAI_BASE_URL", "http://localhost:1234", "TETHER_MODEL", "qwen"), null, "openai", "qwen", "http://localhost:1234"),
                new Row(Map.of("TETHER_PROVIDER", "Scripted", "TETHER_MODEL", "x"), null, "scripted", "scripted", null),
                new Row(Map.of("ANTHROPIC_BASE_URL", "https://proxy.example/"), null, "none", null, null),
                new Row(Map.of(), FILE, "openai", "qwen3-coder", "http://localhost:11434/v1"),
                new Row(Map.of("TETHER_PROVIDER", "anthropic", "TETHER_MODEL", ""), FILE, "anthropic", "qwen3-coder", "https://api.anthropic.com"),
                new Row(Map.of("TETHER_MODEL", "gpt-5", "OPENAI_BASE_URL", "http://h:1"), FILE, "openai", "gpt-5", "http://h:1"),
        };
        for (Row row : rows) {
            ProviderSettings s = ProviderConfig.resolve(row.env(), row.file());
            String base = switch (s.provider()) {
                case "anthropic" -> s.anthropicBaseUrl();
                case "openai" -> s.openaiBaseUrl();
                default -> null;
            };
            assertEquals(row.provider() + " " + row.model() + " " + row.baseUrl(), s.provider() + " " + s.model() + " " + base, row.toString());
        }
    }

    @Test
    void fileSuppliesVersionMaxTokensAndUsageOptionAndEnvironmentWinsOnKeys() throws Exception {
        ProviderSettings s = ProviderConfig.resolve(Map.of("ANTHROPIC_API_KEY", "sk-ant-env"), FILE);

        assertEquals(new ProviderSettings("openai", "qwen3-coder", "sk-ant-env", "https://api.anthropic.com", "2026-10-21", null,
                null, "http://localhost:11434/v1", false, null, 2048), s);
        ProviderSettings defaults = ProviderConfig.resolve(Map.of("ANTHROPIC_API_KEY", "k"), null);
        assertEquals("2023-06-01", defaults.anthropicVersion());
        assertTrue(defaults.openaiIncludeUsage());
        assertEquals(8192, defaults.maxTokens());
    }

    @Test
    void unknownProviderIsAReadableError() {
        ProviderConfig.InvalidProvider e = assertThrows(ProviderConfig.InvalidProvider.class,
                () -> ProviderConfig.resolve(Map.of("TETHER_PROVIDER", "gemini"), null));
        assertEquals("Configuration error: TETHER_PROVIDER (environment) is \"gemini\", which is not a model provider Tether knows:"
                + " expected anthropic, openai or scripted.", e.getMessage());
    }

    @Test
    void missingCredentialsSaysWhatToSet() throws Exception {
        assertEquals("No model provider is configured: run `tether login`, or set ANTHROPIC_API_KEY, or OPENAI_BASE_URL (plus OPENAI_API_KEY if the server"
                        + " needs one), or TETHER_PROVIDER=scripted with TETHER_SCRIPT=<file>.",
                ProviderSelection.missingCredentials(ProviderConfig.resolve(Map.of(), null)));
        assertTrue(ProviderSelection.missingCredentials(ProviderConfig.resolve(Map.of("TETHER_PROVIDER", "anthropic"), null))
                .contains("ANTHROPIC_API_KEY"));
        assertTrue(ProviderSelection.missingCredentials(ProviderConfig.resolve(Map.of("TETHER_PROVIDER", "openai"), null))
                .contains("OPENAI_API_KEY"));
        assertTrue(ProviderSelection.missingCredentials(ProviderConfig.resolve(Map.of("TETHER_PROVIDER", "scripted"), null))
                .contains("TETHER_SCRIPT"));
        assertNull(ProviderSelection.missingCredentials(ProviderConfig.resolve(Map.of("OPENAI_BASE_URL", "http://localhost:11434"), null)));
        assertNull(ProviderSelection.missingCredentials(ProviderConfig.resolve(Map.of("ANTHROPIC_API_KEY", "k"), null)));
    }

    @Test
    void toStringNeverShowsKeys() throws Exception {
        ProviderSettings s = ProviderConfig.resolve(Map.of("ANTHROPIC_API_KEY", "sk-ant-very-secret", "OPENAI_API_KEY", "sk-openai-secret"), null);

        String text = s.toString();

        assertFalse(text.contains("secret"), text);
        assertTrue(text.contains("anthropicApiKey=<redacted>") && text.contains("openaiApiKey=<redacted>"), text);
        assertTrue(ProviderConfig.resolve(Map.of(), null).toString().contains("anthropicApiKey=<unset>"));
    }
}
