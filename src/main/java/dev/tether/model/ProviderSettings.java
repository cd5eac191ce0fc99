package dev.tether.model;

/**
 * Which model provider a session uses and how to reach it. Built by
 * the settings loader (environment first, then the config file); {@link #toString()} never shows a key.
 *
 * @param provider {@code anthropic}, {@code openai}, {@code scripted} or {@code none}
 * @param model the model id sent to the provider
 * @param anthropicApiKey {@code x-api-key}, or null
 * @param anthropicBaseUrl base URL without {@code /v1/messages}
 * @param anthropicVersion the {@code anthropic-version} header
 * @param anthropicBeta the {@code anthropic-beta} header, or null for none
 * @param openaiApiKey bearer token, or null (local servers need none)
 * @param openaiBaseUrl base URL, with or without a trailing {@code /v1}
 * @param openaiIncludeUsage whether to send {@code stream_options.include_usage}
 * @param scriptPath the scripted model's JSONL file, or null
 * @param maxTokens the default output budget of one response
 */
public record ProviderSettings(
        String provider,
        String model,
        String anthropicApiKey,
        String anthropicBaseUrl,
        String anthropicVersion,
        String anthropicBeta,
        String openaiApiKey,
        String openaiBaseUrl,
        boolean openaiIncludeUsage,
        String scriptPath,
        int maxTokens) {

    public static final String ANTHROPIC = "anthropic";
    public static final String OPENAI = "openai";
    public static final String SCRIPTED = "scripted";
    public static final String NONE = "none";

    @Override
    public String toString() {
        return "ProviderSettings[provider=" + provider + ", model=" + model
                + ", anthropicApiKey=" + redact(anthropicApiKey) + ", anthropicBaseUrl=" + anthropicBaseUrl
                + ", anthropicVersion=" + anthropicVersion + ", anthropicBeta=" + anthropicBeta
                + ", openaiApiKey=" + redact(openaiApiKey) + ", openaiBaseUrl=" + openaiBaseUrl
                + ", openaiIncludeUsage=" + openaiIncludeUsage + ", scriptPath=" + scriptPath
                + ", maxTokens=" + maxTokens + "]";
    }

    private static String redact(String key) {
        return key == null ? "<unset>" : "<redacted>";
    }
}
