package dev.tether.model;

/**
 * The model provider defaults and what a chosen provider still needs before it can reach a model.
 * Reading the choice from the environment and the config file is {@code config}'s job; this class
 * only judges the resulting {@link ProviderSettings}. Light on purpose: it builds no clients.
 */
public final class ProviderSelection {
    public static final String DEFAULT_ANTHROPIC_BASE_URL = "https://api.anthropic.com";
    public static final String DEFAULT_ANTHROPIC_VERSION = "2023-06-01";
    public static final String DEFAULT_OPENAI_BASE_URL = "https://api.openai.com";
    public static final String DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5";
    public static final String DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
    public static final int DEFAULT_MAX_TOKENS = 8192;

    private ProviderSelection() {}

    /** What the user must set before {@code settings} can reach a model, or null when nothing is missing. */
    public static String missingCredentials(ProviderSettings settings) {
        return switch (settings.provider()) {
            case ProviderSettings.ANTHROPIC -> settings.anthropicApiKey() == null
                    ? "The anthropic provider needs an API key: run `tether login`, or set ANTHROPIC_API_KEY"
                            + " (or anthropic.apiKey in the config file)."
                    : null;
            case ProviderSettings.OPENAI -> settings.openaiApiKey() == null
                            && DEFAULT_OPENAI_BASE_URL.equals(settings.openaiBaseUrl())
                    ? "The openai provider needs an API key for " + DEFAULT_OPENAI_BASE_URL
                            + ": run `tether login`, set OPENAI_API_KEY, or set OPENAI_BASE_URL to a local OpenAI-compatible server."
                    : null;
            case ProviderSettings.SCRIPTED -> settings.scriptPath() == null
                    ? "The scripted provider needs a script: set TETHER_SCRIPT=<file.jsonl>."
                    : null;
            default -> "No model provider is configured: run `tether login`, or set ANTHROPIC_API_KEY, or OPENAI_BASE_URL"
                    + " (plus OPENAI_API_KEY if the server needs one), or TETHER_PROVIDER=scripted with TETHER_SCRIPT=<file>.";
        };
    }
}
