package dev.tether.session;

import dev.tether.model.ThinkingLevel;
import dev.tether.session.api.SessionError;
import dev.tether.session.api.SessionOption;
import dev.tether.session.transcript.SessionRecord;
import dev.tether.tools.SessionMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the user chose for a session: its mode, its model and its thinking level (the last two
 * as config options).
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-config-options">ACP session config options</a>
 */
final class SessionOptions {
    static final String MODEL_OPTION = "model";
    static final String THINKING_OPTION = "thinking";

    private final ModelCatalog models;
    private volatile SessionMode mode = SessionMode.DEFAULT;
    private volatile String model;
    private volatile ThinkingLevel thinking = ThinkingLevel.OFF;

    SessionOptions(ModelCatalog models) {
        this.models = models;
        this.model = models.defaultModel();
    }

    SessionMode mode() {
        return mode;
    }

    String model() {
        return model;
    }

    ThinkingLevel thinking() {
        return thinking;
    }

    /** The choices as the transcript keeps them. */
    SessionRecord.Choices choices() {
        return new SessionRecord.Choices(mode.id(), model, thinking.id());
    }

    /**
     * Takes back the choices a transcript kept. One that no longer exists (a model taken out of
     * the configuration, an id from a newer version) keeps its default: the session still loads.
     */
    void restore(SessionRecord.Choices choices) {
        if (choices.mode() != null) {
            SessionMode.fromId(choices.mode()).ifPresent(m -> mode = m);
        }
        if (choices.model() != null && models.models().stream().anyMatch(c -> c.value().equals(choices.model()))) {
            model = choices.model();
        }
        if (choices.thinking() != null) {
            try {
                thinking = ThinkingLevel.fromId(choices.thinking());
            } catch (IllegalArgumentException e) {
                // an unknown level keeps the default
            }
        }
    }

    SessionMode setMode(String modeId) {
        SessionMode newMode = SessionMode.fromId(modeId).orElseThrow(() -> new SessionError.InvalidParams(
                "unknown mode \"" + modeId + "\"; use one of " + Arrays.stream(SessionMode.values()).map(SessionMode::id).toList()));
        mode = newMode;
        return newMode;
    }

    /** Sets one option; returns whether the model changed (a new provider is needed). */
    boolean set(String optionId, String value) {
        switch (optionId) {
            case MODEL_OPTION -> {
                if (models.models().stream().noneMatch(c -> c.value().equals(value))) {
                    throw new SessionError.InvalidParams("unknown model \"" + value + "\"");
                }
                boolean changed = !value.equals(model);
                model = value;
                return changed;
            }
            case THINKING_OPTION -> {
                try {
                    thinking = ThinkingLevel.fromId(value);
                } catch (IllegalArgumentException e) {
                    throw new SessionError.InvalidParams("unknown thinking level \"" + value + "\"; use off, low, medium or high");
                }
                return false;
            }
            default -> throw new SessionError.InvalidParams("unknown config option \"" + optionId + "\"");
        }
    }

    List<SessionOption> configOptions() {
        List<SessionOption.Choice> levels = new ArrayList<>();
        for (ThinkingLevel level : ThinkingLevel.values()) {
            levels.add(new SessionOption.Choice(level.id(), Character.toUpperCase(level.id().charAt(0)) + level.id().substring(1), null));
        }
        return List.of(
                new SessionOption(MODEL_OPTION, "Model", "The model that answers in this session", "model", model, models.models()),
                new SessionOption(THINKING_OPTION, "Thinking", "How much the model may think before answering", "thought_level", thinking.id(), levels));
    }
}
