package dev.tether.config;

import dev.tether.model.ProviderSelection;
import dev.tether.model.ProviderSettings;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Chooses the model provider from the environment, the user's config file and the key
 * {@code tether login} stored ({@link StoredCredentials}), in that order: the stored key counts
 * only when the environment and the config file name no provider at all. The shapes are
 * documented in {@code docs/reference/providers.md}.
 */
final class ProviderConfig {
    private ProviderConfig() {}

    /**
     * Resolves the settings. {@code configFile} may be null or missing nodes.
     *
     * @throws IllegalArgumentException with a readable message for an unknown provider name
     *     or a malformed value
     */
    static ProviderSettings resolve(Map<String, String> env, JsonNode configFile) {
        return resolve(new Source(env, configFile, null));
    }

    /** As {@link #resolve(Map, JsonNode)}, falling back to {@code stored} (may be null or empty). */
    static ProviderSettings resolve(Map<String, String> env, JsonNode configFile, JsonNode stored) {
        ProviderSettings settings = resolve(new Source(env, configFile, null));
        if (!ProviderSettings.NONE.equals(settings.provider()) || stored == null || stored.isEmpty()) {
            return settings;
        }
        return resolve(new Source(env, configFile, stored));
    }

    private static ProviderSettings resolve(Source source) {
        String anthropicKey = source.get("ANTHROPIC_API_KEY", "anthropic", "apiKey");
        String openaiKey = source.get("OPENAI_API_KEY", "openai", "apiKey");
        String openaiBase = source.get("OPENAI_BASE_URL", "openai", "baseUrl");

        String provider = source.get("TETHER_PROVIDER", null, "provider");
        if (provider == null) {
            provider = anthropicKey != null ? ProviderSettings.ANTHROPIC
                    : openaiBase != null || openaiKey != null ? ProviderSettings.OPENAI
                    : ProviderSettings.NONE;
        }
        provider = provider.toLowerCase(java.util.Locale.ROOT);
        String defaultModel = switch (provider) {
            case ProviderSettings.ANTHROPIC -> ProviderSelection.DEFAULT_ANTHROPIC_MODEL;
            case ProviderSettings.OPENAI -> ProviderSelection.DEFAULT_OPENAI_MODEL;
            case ProviderSettings.SCRIPTED -> "scripted";
            case ProviderSettings.NONE -> null;
            default -> throw new IllegalArgumentException("unknown model provider '" + provider
                    + "' (TETHER_PROVIDER): expected anthropic, openai or scripted");
        };
        String model = ProviderSettings.SCRIPTED.equals(provider) ? "scripted"
                : orElse(source.get("TETHER_MODEL", null, "model"), defaultModel);

        return new ProviderSettings(
                provider,
                model,
                anthropicKey,
                stripSlash(orElse(source.get("ANTHROPIC_BASE_URL", "anthropic", "baseUrl"), ProviderSelection.DEFAULT_ANTHROPIC_BASE_URL)),
                orElse(source.get("ANTHROPIC_VERSION", "anthropic", "version"), ProviderSelection.DEFAULT_ANTHROPIC_VERSION),
                source.get("ANTHROPIC_BETA", "anthropic", "beta"),
                openaiKey,
                stripSlash(orElse(openaiBase, ProviderSelection.DEFAULT_OPENAI_BASE_URL)),
                !"false".equalsIgnoreCase(source.get("TETHER_OPENAI_INCLUDE_USAGE", "openai", "includeUsage")),
                source.get("TETHER_SCRIPT", null, "script"),
                parseMaxTokens(source.get("TETHER_MAX_TOKENS", null, "maxTokens")));
    }

    private static int parseMaxTokens(String value) {
        if (value == null) {
            return ProviderSelection.DEFAULT_MAX_TOKENS;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed > 0) {
                return parsed;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("TETHER_MAX_TOKENS must be a positive whole number, not '" + value + "'");
    }

    private static String orElse(String value, String fallback) {
        return value != null ? value : fallback;
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** Environment first, then the config file, then the stored login (top-level or one section deep); blanks count as unset. */
    private record Source(Map<String, String> env, JsonNode file, JsonNode stored) {
        String get(String envName, String section, String field) {
            String value = env == null ? null : env.get(envName);
            if (value != null && !value.isBlank()) {
                return value.strip();
            }
            String configured = read(file, section, field);
            return configured != null ? configured : read(stored, section, field);
        }

        private static String read(JsonNode file, String section, String field) {
            if (file == null) {
                return null;
            }
            JsonNode node = section == null ? file.path(field) : file.path(section).path(field);
            if (node.isString() && !node.asString().isBlank()) {
                return node.asString().strip();
            }
            return node.isNumber() || node.isBoolean() ? node.asString() : null;
        }
    }
}
