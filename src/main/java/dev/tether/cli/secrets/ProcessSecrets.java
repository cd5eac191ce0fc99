package dev.tether.cli.secrets;

import dev.tether.config.TetherSettings;
import dev.tether.model.ProviderSettings;
import dev.tether.security.SecretRegistry;

/**
 * The process's known secrets, built the same way for ACP sessions and for {@code tether mcp}: the
 * provider keys (from the environment, the config file or {@code tether login}) and the variables
 * the config marks secret ({@code "secrets": {"env": [...]}}); OAuth tokens and client secrets join
 * as they are met. What a server may see of the environment is the settings' environment without
 * these ({@link SecretRegistry#withoutSecretValues}).
 */
public final class ProcessSecrets {
    private ProcessSecrets() {}

    public static SecretRegistry of(TetherSettings settings) {
        SecretRegistry registry = SecretRegistry.of(settings.environment(), settings.secretEnvNames());
        // A broken provider setting is reported when a session starts; the keys from the environment are registered.
        ProviderSettings provider = settings.model().provider();
        if (provider != null) {
            registry.register(provider.anthropicApiKey());
            registry.register(provider.openaiApiKey());
        }
        return registry;
    }
}
