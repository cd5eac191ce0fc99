package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.json.Json;
import dev.tether.model.ModelProvider;
import dev.tether.session.ModelCatalog;
import dev.tether.session.api.SessionOption;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * session/load and session/resume, in a new process, give back the mode, model and thinking level
 * the user chose, as session/fork does: the load answer agrees with the mode its replay showed.
 */
class RestoreKeepsOptionsTest {
    @TempDir
    Path dir;

    /** Two models, both answered by one scripted model. */
    private record TwoModels(QueueModel model) implements ModelCatalog {
        @Override
        public String missingCredentials() {
            return null;
        }

        @Override
        public String defaultModel() {
            return "first";
        }

        @Override
        public List<SessionOption.Choice> models() {
            return List.of(new SessionOption.Choice("first", "First", null), new SessionOption.Choice("second", "Second", null));
        }

        @Override
        public ModelProvider open(String name) {
            return model;
        }
    }

    @Test
    void loadAndResumeKeepTheChosenModeModelAndThinking() {
        Path state = dir.resolve("state");
        String session = firstSession(state, (client, id) -> {
            client.request("session/set_mode", Json.object().put("sessionId", id).put("modeId", "acceptEdits"));
            client.request("session/set_config_option", Json.object().put("sessionId", id).put("configId", "model").put("value", "second"));
            client.request("session/set_config_option", Json.object().put("sessionId", id).put("configId", "thinking").put("value", "high"));
        });
        Map<String, String> chosen = Map.of("mode", "acceptEdits", "model", "second", "thinking", "high");
        try (InProcessAgent agent = new InProcessAgent(state, new TwoModels(new QueueModel()), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            JsonNode loaded = client.request("session/load", Json.object().put("sessionId", session).put("cwd", dir.toString())
                    .set("mcpServers", Json.array()));
            assertEquals(chosen, options(loaded));
            assertEquals("acceptEdits", client.updates(session, "current_mode_update").getLast().path("currentModeId").asString());
            assertEquals(List.of(), client.violations());
        }
        try (InProcessAgent agent = new InProcessAgent(state, new TwoModels(new QueueModel()), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            JsonNode resumed = client.request("session/resume", Json.object().put("sessionId", session).put("cwd", dir.toString()));
            assertEquals(chosen, options(resumed));
            assertEquals(List.of(), client.violations());
        }
    }

    @Test
    void aSessionWhoseOptionsWereNeverChangedLoadsWithTheDefaults() {
        Path state = dir.resolve("state");
        String session = firstSession(state, (client, id) -> { });
        try (InProcessAgent agent = new InProcessAgent(state, new TwoModels(new QueueModel()), InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            JsonNode loaded = client.request("session/load", Json.object().put("sessionId", session).put("cwd", dir.toString())
                    .set("mcpServers", Json.array()));
            assertEquals(Map.of("mode", "ask", "model", "first", "thinking", "off"), options(loaded));
        }
    }

    /** A session made in one agent process, changed by {@code choose} before its one prompt; its id. */
    private String firstSession(Path state, java.util.function.BiConsumer<AcpTestClient, String> choose) {
        try (InProcessAgent agent = new InProcessAgent(state, new TwoModels(new QueueModel().then(QueueModel.Reply.text("hi"))),
                InProcessAgent.NO_MCP)) {
            AcpTestClient client = agent.client();
            client.initialize();
            String session = client.newSession(dir.toString(), null);
            choose.accept(client, session);
            AcpTestClient.await(client.prompt(session, "hello"));
            return session;
        }
    }

    private static Map<String, String> options(JsonNode answer) {
        String model = null;
        String thinking = null;
        for (JsonNode option : answer.path("configOptions")) {
            switch (option.path("id").asString()) {
                case "model" -> model = option.path("currentValue").asString();
                case "thinking" -> thinking = option.path("currentValue").asString();
                default -> { }
            }
        }
        return Map.of("mode", answer.path("modes").path("currentModeId").asString(), "model", String.valueOf(model),
                "thinking", String.valueOf(thinking));
    }
}
