package dev.tether.config;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.model.ProviderSelection;
import dev.tether.model.ProviderSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Chooses the model provider from the environment, the user's config file and the key
 * {@code tether login} stored ({@link StoredCredentials}), in that order: the stored key counts
 * only when the environment and the config file name no provider at all. The shapes are
 * documented in {@code docs/reference/providers.md}.
 *
 * <p>A value that cannot be used is named with where it came from (the environment variable, or
 * the key and the file) and what it is: a provider Tether does not know is a
 * {@link InvalidProvider configuration error} (no default can stand in for the user's choice); a
 * value with a default that serves ({@code maxTokens}) is a warning and the default.
 */
final class ProviderConfig {
    private ProviderConfig() {}

    /** A provider setting that leaves no provider to use; the message names the source, the key and the value. */
    static final class InvalidProvider extends Exception {
        InvalidProvider(String message) {
            super(message, null, false, false);
        }
    }

    /** The provider and what was wrong with values that a default replaced. */
    record Resolved(ProviderSettings settings, List<ConfigWarning> warnings) {
        Resolved {
            warnings = List.copyOf(warnings);
        }
    }

    /** As {@link #resolve(Map, JsonNode, JsonNode, Path)} without a stored login, warnings dropped; for tests. */
    static ProviderSettings resolve(Map<String, String> env, JsonNode configFile) throws InvalidProvider {
        return resolve(env, configFile, null, null).settings();
    }

    /** As {@link #resolve(Map, JsonNode, JsonNode, Path)}, warnings dropped; for tests. */
    static ProviderSettings resolve(Map<String, String> env, JsonNode configFile, JsonNode stored) throws InvalidProvider {
        return resolve(env, configFile, stored, null).settings();
    }

    /**
     * Resolves the settings. {@code configFile} may be null or missing nodes; {@code stored} (the
     * login, may be null or empty) counts only when nothing else names a provider; {@code file} is
     * the config file's path, for messages (null: "the config file").
     *
     * @throws InvalidProvider the provider named is not one Tether knows
     */
    static Resolved resolve(Map<String, String> env, JsonNode configFile, JsonNode stored, Path file) throws InvalidProvider {
        String fileName = file == null ? "the config file" : file.toString();
        List<ConfigWarning> warnings = new ArrayList<>();
        ProviderSettings settings = resolve(new Source(env, configFile, null, fileName), warnings);
        if (!ProviderSettings.NONE.equals(settings.provider()) || stored == null || stored.isEmpty()) {
            return new Resolved(settings, warnings);
        }
        warnings.clear();
        return new Resolved(resolve(new Source(env, configFile, stored, fileName), warnings), warnings);
    }

    /** Where the chosen provider's key comes from, as the user would look it up, or null when it has none. */
    static String keyOrigin(Map<String, String> env, JsonNode configFile, JsonNode stored, Path file, String provider) {
        Source source = new Source(env, configFile, stored, file == null ? "the config file" : file.toString());
        String envName = ProviderSettings.ANTHROPIC.equals(provider) ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
        String section = ProviderSettings.ANTHROPIC.equals(provider) ? "anthropic" : "openai";
        return source.get(envName, section, "apiKey") == null ? null : source.where(envName, section, "apiKey");
    }

    private static ProviderSettings resolve(Source source, List<ConfigWarning> warnings) throws InvalidProvider {
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
            default -> throw new InvalidProvider("Configuration error: " + source.where("TETHER_PROVIDER", null, "provider")
                    + " is \"" + provider + "\", which is not a model provider Tether knows: expected anthropic, openai or scripted.");
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
                maxTokens(source, warnings));
    }

    /** The output budget; a value that is not a positive whole number is a warning and the default. */
    private static int maxTokens(Source source, List<ConfigWarning> warnings) {
        String value = source.get("TETHER_MAX_TOKENS", null, "maxTokens");
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
        String where = source.where("TETHER_MAX_TOKENS", null, "maxTokens");
        warnings.add(ConfigWarning.of(source.origin("TETHER_MAX_TOKENS"), null, where + " is \"" + value
                + "\", not a positive whole number; using the default " + ProviderSelection.DEFAULT_MAX_TOKENS));
        return ProviderSelection.DEFAULT_MAX_TOKENS;
    }

    private static String orElse(String value, String fallback) {
        return value != null ? value : fallback;
    }

    private static String stripSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** Environment first, then the config file, then the stored login (top-level or one section deep); blanks count as unset. */
    private record Source(Map<String, String> env, JsonNode file, JsonNode stored, String fileName) {
        String get(String envName, String section, String field) {
            if (fromEnv(envName)) {
                return env.get(envName).strip();
            }
            String configured = read(file, section, field);
            return configured != null ? configured : read(stored, section, field);
        }

        /** Where {@link #get} found its value, as the user would look it up: the variable, or the key and the file. */
        String where(String envName, String section, String field) {
            if (fromEnv(envName)) {
                return envName + " (environment)";
            }
            String key = section == null ? field : section + "." + field;
            return read(file, section, field) != null ? "\"" + key + "\" in " + fileName : "\"" + key + "\" stored by tether login";
        }

        /** The source of a warning: the environment or the config file. */
        String origin(String envName) {
            return fromEnv(envName) ? "environment" : fileName;
        }

        private boolean fromEnv(String envName) {
            String value = env == null ? null : env.get(envName);
            return value != null && !value.isBlank();
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
