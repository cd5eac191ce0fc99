package dev.tether.session;

import dev.tether.model.ModelException;
import dev.tether.model.ModelProvider;
import dev.tether.session.api.SessionOption;
import java.util.List;

/**
 * The session's source of model providers: which models can be chosen, and a fresh provider
 * for the chosen one (per session, so a scripted model keeps a cursor per session).
 */
public interface ModelCatalog {

    /**
     * A readable message saying which credentials to set, or null when none are missing. Only this
     * is answered with ACP's "authentication required"; a configuration error is not.
     */
    String missingCredentials();

    /**
     * A readable message naming the setting (the variable, or the file and key) that leaves no
     * provider to use, or null. Sessions still start; a prompt is answered with this message.
     */
    default String configurationError() {
        return null;
    }

    /** The model chosen when a session starts. */
    String defaultModel();

    /** The models offered in the model config option (the default among them). */
    List<SessionOption.Choice> models();

    /**
     * A provider for {@code model}, ready to stream.
     *
     * @throws ModelException the provider cannot be set up (missing credentials, unreadable script)
     */
    ModelProvider open(String model) throws ModelException;

    /**
     * Starts getting ready for a first turn in the background (an HTTP client, a connection) and
     * returns at once; sends nothing to a model. Called when a session starts.
     */
    default void prepare() {}
}
