package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.acp.schema.ConfigOption;
import dev.tether.acp.schema.SessionModeState;
import dev.tether.acp.schema.agent.LoadSessionRequest;
import dev.tether.acp.schema.agent.LoadSessionResponse;
import dev.tether.acp.schema.agent.NewSessionRequest;
import dev.tether.acp.schema.agent.NewSessionResponse;
import dev.tether.acp.schema.agent.ResumeSessionRequest;
import dev.tether.acp.schema.agent.ResumeSessionResponse;
import dev.tether.json.Json;
import dev.tether.session.api.SessionOption;
import dev.tether.tools.SessionMode;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * {@code session/new}, {@code load} and {@code resume} are read and answered without the mapper
 * (the first session must not wait for it), yet read and write exactly what the mapper reads and
 * writes for their records: the records stay the truth, and either way may serve.
 */
class SessionSetupJsonTest {
    private static final List<ConfigOption> OPTIONS = SessionEvents.configOptions(List.of(
            new SessionOption("model", "Model", null, "model", "claude-fake",
                    List.of(new SessionOption.Choice("claude-fake", "Claude (fake)", null),
                            new SessionOption.Choice("other", "Other", "a \"quoted\" description"))),
            new SessionOption("mode", "Mode", "How edits are asked for", null, null, List.of())));
    private static final SessionModeState MODES = SessionEvents.modes(SessionMode.values()[1]);

    @Test
    void theHandWrittenAnswersAreTheMappersTrees() {
        for (List<ConfigOption> options : List.of(OPTIONS, List.<ConfigOption>of())) {
            NewSessionResponse created = new NewSessionResponse("s-1", MODES, options);
            assertEquals(Json.tree(created), SessionSetupJson.tree(created));
            LoadSessionResponse loaded = new LoadSessionResponse(MODES, options);
            assertEquals(Json.tree(loaded), SessionSetupJson.tree(loaded));
            ResumeSessionResponse resumed = new ResumeSessionResponse(MODES, options);
            assertEquals(Json.tree(resumed), SessionSetupJson.tree(resumed));
        }
        assertEquals(Json.tree(new NewSessionResponse("s-2", null, null)), SessionSetupJson.tree(new NewSessionResponse("s-2", null, null)));
    }

    @Test
    void theHandReadParamsAreWhatTheMapperReads() {
        String servers = """
                [{"name":"local","command":"/bin/tool","args":["-v","x"],"env":[{"name":"A","value":"1"},{"name":"B","value":""}]},
                 {"type":"stdio","name":"typed","command":"/bin/other","args":[],"env":[]},
                 {"type":"http","name":"remote","url":"https://mcp.example/mcp","headers":[{"name":"X-Team","value":"t"}],"_meta":{}},
                 {"type":"sse","name":"old","url":"https://sse.example/sse","headers":[]}]""";
        JsonNode created = Json.parse("""
                {"cwd":"/work","additionalDirectories":["/a","/b"],"mcpServers":%s,"_meta":{"x":1},"later":true}""".formatted(servers));
        assertEquals(Json.strictStrings().treeToValue(created, NewSessionRequest.class), SessionSetupJson.newSession(created));
        JsonNode restored = Json.parse("""
                {"sessionId":"s-1","cwd":"/work","additionalDirectories":[],"mcpServers":%s}""".formatted(servers));
        assertEquals(Json.strictStrings().treeToValue(restored, LoadSessionRequest.class), SessionSetupJson.load(restored));
        assertEquals(Json.strictStrings().treeToValue(restored, ResumeSessionRequest.class), SessionSetupJson.resume(restored));
        JsonNode bare = Json.parse("{\"sessionId\":\"s-1\",\"cwd\":\"/work\"}");
        assertEquals(Json.strictStrings().treeToValue(bare, ResumeSessionRequest.class), SessionSetupJson.resume(bare));
    }
}
