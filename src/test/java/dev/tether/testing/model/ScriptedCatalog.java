package dev.tether.testing.model;

import dev.tether.base.Cancellation;
import dev.tether.model.ModelEvents;
import dev.tether.model.ModelException;
import dev.tether.model.ModelInfo;
import dev.tether.model.ModelProvider;
import dev.tether.model.ModelRequest;
import dev.tether.model.ModelResponse;
import dev.tether.model.scripted.ScriptedProvider;
import dev.tether.session.ModelCatalog;
import dev.tether.session.api.SessionOption;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The scripted model as a session's model catalog: every session opens a fresh player of
 * {@code script} (JSON Lines, as in {@code docs/reference/scripted-model.md}), and every request
 * any of them receives is kept for the test to inspect.
 */
public final class ScriptedCatalog implements ModelCatalog {
    private final String script;
    private final List<ModelRequest> requests = new CopyOnWriteArrayList<>();

    public ScriptedCatalog(String script) {
        this.script = script;
    }

    public List<ModelRequest> requests() {
        return List.copyOf(requests);
    }

    @Override
    public String missingCredentials() {
        return null;
    }

    @Override
    public String defaultModel() {
        return ScriptedProvider.ID;
    }

    @Override
    public List<SessionOption.Choice> models() {
        return List.of(new SessionOption.Choice(ScriptedProvider.ID, "Scripted", null));
    }

    @Override
    public ModelProvider open(String model) throws ModelException {
        ScriptedProvider player = ScriptedProvider.of(script, "test script");
        return new ModelProvider() {
            @Override
            public ModelInfo info() {
                return player.info();
            }

            @Override
            public ModelResponse stream(ModelRequest request, ModelEvents events, Cancellation cancellation) throws ModelException {
                requests.add(request);
                return player.stream(request, events, cancellation);
            }
        };
    }
}
