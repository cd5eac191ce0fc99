package dev.tether.cli;

import dev.tether.config.TetherSettings;
import dev.tether.model.ModelException;
import dev.tether.model.ModelProvider;
import dev.tether.model.ProviderSelection;
import dev.tether.model.ProviderSettings;
import dev.tether.security.SecretRegistry;
import dev.tether.session.ModelCatalog;
import dev.tether.session.api.SessionOption;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The model catalog of a running agent that the user can sign in to later: while the provider
 * has no credentials, each check reads the settings from disk again, so a key stored by
 * {@code tether login} (which the editor runs in a terminal, as ACP's {@code terminal} auth
 * method) is used by the next {@code authenticate} or {@code session/new} without a restart.
 * A key found this way is registered as a secret before any session can use it.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/initialization">ACP initialization (authMethods)</a>
 */
final class SignInCatalog implements ModelCatalog {
    private final Supplier<TetherSettings.Model> reload;
    private final Function<TetherSettings.Model, ModelCatalog> build;
    private final SecretRegistry secrets;
    private volatile ModelCatalog current;

    SignInCatalog(TetherSettings.Model initial, Supplier<TetherSettings.Model> reload,
                  Function<TetherSettings.Model, ModelCatalog> build, SecretRegistry secrets) {
        this.reload = reload;
        this.build = build;
        this.secrets = secrets;
        this.current = build.apply(initial);
    }

    @Override
    public String missingCredentials() {
        return usable().missingCredentials();
    }

    /** A configuration error fixed on disk is also picked up by the next check, like a key stored by a login. */
    @Override
    public String configurationError() {
        return usable().configurationError();
    }

    private ModelCatalog usable() {
        ModelCatalog now = current;
        if (now.missingCredentials() == null && now.configurationError() == null) {
            return now;
        }
        synchronized (this) {
            TetherSettings.Model fresh = reload.get();
            ProviderSettings provider = fresh.provider();
            if (fresh.problem() != null || provider == null || ProviderSelection.missingCredentials(provider) != null) {
                return current;
            }
            secrets.register(provider.anthropicApiKey());
            secrets.register(provider.openaiApiKey());
            current = build.apply(fresh);
            return current;
        }
    }

    @Override
    public String defaultModel() {
        return current.defaultModel();
    }

    @Override
    public List<SessionOption.Choice> models() {
        return current.models();
    }

    @Override
    public ModelProvider open(String model) throws ModelException {
        return usable().open(model);
    }

    @Override
    public void prepare() {
        current.prepare();
    }
}
