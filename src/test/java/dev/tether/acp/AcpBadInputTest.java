package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.testing.acp.AcpTestClient;
import dev.tether.testing.acp.InProcessAgent;
import dev.tether.testing.model.QueueModel;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Bad input gets a readable JSON-RPC error and the agent keeps serving. */
class AcpBadInputTest {
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
        assertEquals(java.util.List.of(), client.violations());
        agent.close();
    }

    private JsonNode error(String method, String params) {
        JsonNode response = AcpTestClient.await(client.send(method, params));
        assertTrue(response.has("error"), () -> "expected an error for " + method + ": " + response);
        return response.get("error");
    }

    @Test
    void malformedLinesAreAnsweredAndServingGoesOn() {
        client.writeLine("this is not json");
        client.writeLine("{\"jsonrpc\":\"2.0\",\"id\":");
        JsonNode init = client.initialize();
        assertEquals(1, init.path("protocolVersion").asInt());
    }

    @Test
    void aRequestTooLargeToReadIsAnsweredAndServingGoesOn() {
        client.initialize();
        String session = client.newSession(dir.toString(), null);
        String huge = "{\"jsonrpc\":\"2.0\",\"id\":\"big-1\",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\"" + session
                + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + "x".repeat(17 * 1024 * 1024) + "\"}]}}";
        java.util.concurrent.CompletableFuture<JsonNode> answer = client.expect("big-1");
        client.writeLine(huge);
        JsonNode error = AcpTestClient.await(answer).path("error");
        assertEquals(-32600, error.path("code").asInt());
        assertTrue(error.path("message").asString().startsWith("Request too large: 17.0 MB"), error.toString());
        assertEquals(1, client.initialize().path("protocolVersion").asInt());
    }

    @Test
    void unknownMethodIsMethodNotFound() {
        client.initialize();
        assertEquals(-32601, error("session/explode", "{}").path("code").asInt());
        assertEquals(-32601, error("_tether/unknown", "{}").path("code").asInt());
        client.notify("_tether/whatever", "{}");
        assertEquals(1, client.initialize().path("protocolVersion").asInt());
    }

    @Test
    void cwdMustBeAnAbsoluteExistingDirectory() {
        client.initialize();
        JsonNode relative = error("session/new", "{\"cwd\":\"project\",\"mcpServers\":[]}");
        assertEquals(-32602, relative.path("code").asInt());
        assertTrue(relative.path("message").asString().contains("absolute"), relative.toString());
        JsonNode missing = error("session/new", "{\"mcpServers\":[]}");
        assertEquals(-32602, missing.path("code").asInt());
        assertTrue(missing.path("message").asString().contains("cwd"));
        JsonNode absent = error("session/new", "{\"cwd\":\"" + dir.resolve("nope") + "\",\"mcpServers\":[]}");
        assertEquals(-32602, absent.path("code").asInt());
        JsonNode badServer = error("session/new", "{\"cwd\":\"" + dir + "\",\"mcpServers\":[{\"name\":\"x\"}]}");
        assertTrue(badServer.path("message").asString().contains("mcpServers[0].command"), badServer.toString());
    }

    @Test
    void unknownSessionIsNotFound() {
        client.initialize();
        assertEquals(-32002, error("session/prompt", "{\"sessionId\":\"nope\",\"prompt\":[]}").path("code").asInt());
        assertEquals(-32002, error("session/load", "{\"sessionId\":\"../etc\",\"cwd\":\"" + dir + "\",\"mcpServers\":[]}").path("code").asInt());
        assertEquals(-32002, error("session/set_mode", "{\"sessionId\":\"nope\",\"modeId\":\"auto\"}").path("code").asInt());
        client.cancel("nope");
        assertEquals(1, client.initialize().path("protocolVersion").asInt());
    }

    @Test
    void badPromptContentAndUnknownModeAreInvalidParams() {
        client.initialize();
        String session = client.newSession(dir.toString(), null);
        JsonNode content = error("session/prompt", "{\"sessionId\":\"" + session + "\",\"prompt\":[{\"type\":\"hologram\"}]}");
        assertEquals(-32602, content.path("code").asInt());
        JsonNode empty = error("session/prompt", "{\"sessionId\":\"" + session + "\",\"prompt\":[]}");
        assertTrue(empty.path("message").asString().contains("non-empty"), empty.toString());
        JsonNode mode = error("session/set_mode", "{\"sessionId\":\"" + session + "\",\"modeId\":\"yolo\"}");
        assertEquals(-32602, mode.path("code").asInt());
        assertTrue(mode.path("message").asString().contains("readOnly"), mode.toString());
    }

    @Test
    void missingCredentialsAskForAuthentication() {
        agent.close();
        agent = new InProcessAgent(dir.resolve("state"), new QueueModel().missingCredentials("set ANTHROPIC_API_KEY"), InProcessAgent.NO_MCP);
        client = agent.client();
        JsonNode init = client.initialize();
        assertEquals("env", init.path("authMethods").path(0).path("id").asString());
        JsonNode auth = error("session/new", "{\"cwd\":\"" + dir + "\",\"mcpServers\":[]}");
        assertEquals(-32000, auth.path("code").asInt());
        assertTrue(auth.path("message").asString().contains("ANTHROPIC_API_KEY"));
        assertEquals(-32000, error("authenticate", "{\"methodId\":\"env\"}").path("code").asInt());
    }
}
