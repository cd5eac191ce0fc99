package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.tether.json.Json;
import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code initialize} offers the {@code terminal} auth method ({@code tether login} in a terminal)
 * beside {@code env}, only to editors with {@code auth.terminal}; never an {@code env_var} method.
 */
class TerminalAuthMethodTest {
    @TempDir
    Path dir;
    private InProcessAgent agent;
    private AcpTestClient client;

    @BeforeEach
    void start() {
        agent = new InProcessAgent(dir.resolve("state"), new QueueModel(), InProcessAgent.NO_MCP);
        client = agent.client();
    }

    @AfterEach
    void stop() {
        assertEquals(List.of(), client.violations());
        agent.close();
    }

    @Test
    void anEditorThatRunsTerminalAuthIsOfferedTetherLogin() {
        JsonNode methods = client.initialize().path("authMethods");
        assertEquals(2, methods.size(), methods.toString());
        assertEquals("env", methods.get(0).path("id").asString());
        assertEquals(Json.parse("""
                {"id":"tether-login","name":"Sign in with an API key","type":"terminal","args":["login"],
                 "description":"Runs `tether login` in a terminal: choose Anthropic or OpenAI and paste an API key. \
                It is stored in a file only you can read, next to Tether's config; the environment still wins."}"""),
                methods.get(1));
        assertFalse(methods.toString().contains("env_var"), methods.toString());
    }

    @Test
    void anEditorWithoutTerminalAuthIsNotOfferedIt() {
        JsonNode methods = client.request("initialize", AcpTestClient.ZED_INITIALIZE.replace("\"auth\":{\"terminal\":true},", ""))
                .path("authMethods");
        assertEquals(1, methods.size(), methods.toString());
        assertEquals("env", methods.get(0).path("id").asString());
        assertFalse(methods.get(0).has("type"), methods.toString());
    }

    @Test
    void authenticateWithTheTerminalMethodChecksTheCredentialsAgain() {
        client.initialize();
        JsonNode answer = AcpTestClient.await(client.send("authenticate", Json.object().put("methodId", "tether-login")));
        assertEquals(Json.object(), answer.path("result"), answer.toString());
    }
}
