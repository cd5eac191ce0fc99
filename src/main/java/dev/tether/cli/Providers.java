package dev.tether.cli;

import dev.tether.model.ModelException;
import dev.tether.model.ModelProvider;
import dev.tether.model.ProviderSelection;
import dev.tether.model.ProviderSettings;
import dev.tether.model.RetryingProvider;
import dev.tether.model.anthropic.AnthropicProvider;
import dev.tether.model.openai.OpenAiProvider;
import dev.tether.model.scripted.ScriptedProvider;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Builds the provider that {@link ProviderSettings} name, wrapped in {@link RetryingProvider}
 * when it talks to a network. The HTTP client is asked for only when one is needed. It lives in
 * the composition root because it is the one place that knows every provider: {@code model}
 * itself must not import its own subpackages.
 */
final class Providers {
    private Providers() {}

    /**
     * Creates the provider; one per session (the scripted provider keeps a per-instance cursor).
     *
     * @throws ModelException {@link ModelException.Kind#AUTH} when credentials are missing,
     *     {@link ModelException.Kind#SCRIPT} when the script cannot be read or parsed
     */
    static ModelProvider create(ProviderSettings settings, Supplier<HttpClient> http) throws ModelException {
        String missing = ProviderSelection.missingCredentials(settings);
        if (missing != null) {
            throw new ModelException(ModelException.Kind.AUTH, missing);
        }
        return switch (settings.provider()) {
            case ProviderSettings.ANTHROPIC -> new RetryingProvider(new AnthropicProvider(settings, http));
            case ProviderSettings.OPENAI -> new RetryingProvider(new OpenAiProvider(settings, http));
            case ProviderSettings.SCRIPTED -> ScriptedProvider.load(Path.of(settings.scriptPath()));
            default -> throw new IllegalStateException("no provider named " + settings.provider());
        };
    }

    /** As {@link #create(ProviderSettings, Supplier)} with a client shared by the caller. */
    static ModelProvider create(ProviderSettings settings, HttpClient http) throws ModelException {
        return create(settings, () -> http);
    }
}
