package dev.tether.session;

import dev.tether.agent.ContextPolicy;
import dev.tether.agent.TurnLoop;
import dev.tether.base.Cancellation;
import dev.tether.base.Scope;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelInfo;
import dev.tether.model.ModelMessage;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.ThinkingLevel;
import dev.tether.security.SecretRegistry;
import dev.tether.session.servers.SessionHost;
import java.util.List;
import java.util.function.Supplier;

/**
 * The session's model: the provider of the model the user chose, opened on first use and again
 * after the user chose another one, the context window a turn is measured against, and sampling —
 * a server's request run on the same model, outside the conversation.
 */
final class SessionModel implements SessionHost.Sampler {
    private final ModelCatalog catalog;
    private final Supplier<String> chosen;
    private final SessionServices.Limits limits;
    private final SecretRegistry secrets;
    private volatile ModelProvider provider;

    /**
     * @param chosen  the model the user chose for the session, read at each open
     * @param secrets masked in what a sampling request sends
     */
    SessionModel(ModelCatalog catalog, Supplier<String> chosen, SessionServices.Limits limits, SecretRegistry secrets) {
        this.catalog = catalog;
        this.chosen = chosen;
        this.limits = limits;
        this.secrets = secrets;
    }

    /** The provider of the chosen model, opened on first use. */
    ModelProvider provider() throws ModelException {
        ModelProvider current = provider;
        if (current == null) {
            current = catalog.open(chosen.get());
            provider = current;
        }
        return current;
    }

    /** The user chose another model: the next turn opens its provider. */
    void modelChanged() {
        provider = null;
    }

    /** Whether the session's current model takes images (false until a provider could be opened). */
    boolean acceptsImages() {
        ModelProvider current = provider;
        return current != null && current.info().acceptsImages();
    }

    /** The context size: the user's {@code context.windowTokens}, else the model's own, else the default. */
    long contextWindow(ModelProvider provider) {
        ModelInfo info = provider.info();
        return limits.windowTokens() > 0 ? limits.windowTokens() : info.contextWindow() > 0 ? info.contextWindow() : limits.contextWindow();
    }

    /** When the turn compacts, and where its read-only tool calls run side by side. */
    TurnLoop.Resources resources(ModelProvider provider, Scope scope) {
        return new TurnLoop.Resources(new ContextPolicy(contextWindow(provider), limits.compactAt()), scope, limits.maxParallelTools());
    }

    /** Runs a sampling request on the session's model, outside the conversation. */
    @Override
    public ModelResponse sample(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException {
        int maxTokens = Math.min(request.maxTokens(), limits.maxTokens());
        List<ModelMessage> messages = new SecretMasking(secrets).messages(request.messages());
        String system = secrets.redact(request.system());
        return provider().stream(new ModelRequest(chosen.get(), system, messages, List.of(), maxTokens, ThinkingLevel.OFF),
                events, cancellation);
    }
}
