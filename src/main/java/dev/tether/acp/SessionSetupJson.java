package dev.tether.acp;

import dev.tether.acp.schema.ConfigOption;
import dev.tether.acp.schema.SessionModeState;
import dev.tether.acp.schema.agent.ForkSessionRequest;
import dev.tether.acp.schema.agent.LoadSessionRequest;
import dev.tether.acp.schema.agent.LoadSessionResponse;
import dev.tether.acp.schema.agent.NewSessionRequest;
import dev.tether.acp.schema.agent.NewSessionResponse;
import dev.tether.acp.schema.agent.ResumeSessionRequest;
import dev.tether.acp.schema.agent.ResumeSessionResponse;
import dev.tether.json.Trees;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The params and answers of {@code session/new}, {@code session/load} and {@code session/resume},
 * read and written by hand rather than by the mapper: an editor sends one of them right after
 * {@code initialize}, before the start-up warm-up has built the mapper, and building it and
 * introspecting these records on that path made the first {@code session/new} several times
 * slower (docs/reference/decisions.md). What is read and written is exactly what the mapper
 * reads and writes for the same records ({@code SessionSetupJsonTest}); a value of the wrong JSON
 * type is invalid params with the field named, as {@link Params#read} says it.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/v1/session-setup">ACP session setup</a>
 */
final class SessionSetupJson {
    private SessionSetupJson() {}

    static NewSessionRequest newSession(JsonNode params) {
        return new NewSessionRequest(Params.string(params, "cwd"), strings(params, "additionalDirectories"), McpServerParams.read(params));
    }

    static LoadSessionRequest load(JsonNode params) {
        return new LoadSessionRequest(Params.string(params, "sessionId"), Params.string(params, "cwd"),
                strings(params, "additionalDirectories"), McpServerParams.read(params));
    }

    static ResumeSessionRequest resume(JsonNode params) {
        return new ResumeSessionRequest(Params.string(params, "sessionId"), Params.string(params, "cwd"),
                strings(params, "additionalDirectories"), McpServerParams.read(params));
    }

    /** {@code session/fork}, read as {@code session/resume} is (servers optional); not on a first turn's path, but one reader for the shape. */
    static ForkSessionRequest fork(JsonNode params) {
        return new ForkSessionRequest(Params.string(params, "sessionId"), Params.string(params, "cwd"),
                strings(params, "additionalDirectories"), McpServerParams.read(params));
    }

    static ObjectNode tree(NewSessionResponse answer) {
        ObjectNode tree = Trees.object();
        putIfPresent(tree, "sessionId", answer.sessionId());
        return state(tree, answer.modes(), answer.configOptions());
    }

    static ObjectNode tree(LoadSessionResponse answer) {
        return state(Trees.object(), answer.modes(), answer.configOptions());
    }

    static ObjectNode tree(ResumeSessionResponse answer) {
        return state(Trees.object(), answer.modes(), answer.configOptions());
    }

    /** A list of strings: null when absent, empty when null (ACP 1.25: x-deserialize-default-on-null). */
    private static List<String> strings(JsonNode params, String field) {
        JsonNode value = params.get(field);
        if (value == null || value.isNull()) {
            return value == null ? null : List.of();
        }
        return Params.strings(value, "Invalid params: \"" + field + "\" must be an array of absolute paths",
                "Invalid params: \"" + field + "\" must contain strings");
    }

    private static ObjectNode state(ObjectNode tree, SessionModeState modes, List<ConfigOption> options) {
        if (modes != null) {
            ObjectNode state = tree.putObject("modes");
            putIfPresent(state, "currentModeId", modes.currentModeId());
            ArrayNode available = state.putArray("availableModes");
            for (SessionModeState.SessionMode mode : modes.availableModes() == null ? List.<SessionModeState.SessionMode>of()
                    : modes.availableModes()) {
                ObjectNode item = available.addObject();
                putIfPresent(item, "id", mode.id());
                putIfPresent(item, "name", mode.name());
                putIfPresent(item, "description", mode.description());
            }
        }
        if (options != null) {
            configOptions(tree.putArray("configOptions"), options);
        }
        return tree;
    }

    private static void configOptions(ArrayNode array, List<ConfigOption> options) {
        for (ConfigOption o : options) {
            ObjectNode option = array.addObject();
            option.put("type", o.type());
            putIfPresent(option, "id", o.id());
            putIfPresent(option, "name", o.name());
            putIfPresent(option, "description", o.description());
            putIfPresent(option, "category", o.category());
            putIfPresent(option, "currentValue", o.currentValue());
            if (o.options() == null) {
                continue;
            }
            ArrayNode choices = option.putArray("options");
            for (ConfigOption.Choice c : o.options()) {
                ObjectNode choice = choices.addObject();
                putIfPresent(choice, "value", c.value());
                putIfPresent(choice, "name", c.name());
                putIfPresent(choice, "description", c.description());
            }
        }
    }

    private static void putIfPresent(ObjectNode node, String name, String value) {
        if (value != null) {
            node.put(name, value);
        }
    }
}
