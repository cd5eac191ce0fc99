package dev.tether.acp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
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
    void aValueOfTheWrongTypeIsInvalidParamsNamingIt() {
        client.initialize();
        String session = client.newSession(dir.toString(), null);
        record Case(String method, String params, String message) {}
        for (Case c : java.util.List.of(
                new Case("session/prompt", "{\"sessionId\":42,\"prompt\":[]}", "Invalid params: \"sessionId\" must be a string"),
                new Case("session/prompt", "{\"sessionId\":\"" + session + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"a\"},{\"type\":\"hologram\"}]}",
                        "Invalid params: prompt[1] is not a valid content block (type \"hologram\")"),
                new Case("session/prompt", "{\"sessionId\":\"" + session + "\",\"prompt\":[{\"text\":\"a\"}]}",
                        "Invalid params: prompt[0] is not a valid content block (type \"?\")"),
                new Case("session/prompt", "{\"sessionId\":\"" + session + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"a\"},null]}",
                        "Invalid params: prompt[1] is not a content block"),
                new Case("session/prompt", "{\"sessionId\":\"" + session + "\",\"prompt\":\"hi\"}",
                        "Invalid params: \"prompt\" must be a non-empty array of content blocks"),
                new Case("session/set_mode", "{\"sessionId\":[],\"modeId\":\"ask\"}", "Invalid params: \"sessionId\" must be a string"),
                new Case("session/set_mode", "{\"sessionId\":\"" + session + "\",\"modeId\":true}", "Invalid params: \"modeId\" must be a string"),
                new Case("session/set_mode", "{\"sessionId\":\"" + session + "\"}", "Invalid params: \"modeId\" is required"),
                new Case("session/set_config_option", "{\"sessionId\":\"" + session + "\",\"configId\":\"model\"}",
                        "Invalid params: \"value\" must be a string value id"),
                new Case("session/list", "{\"cwd\":[]}", "Invalid params: \"cwd\" must be a string"),
                new Case("session/list", "{\"cwd\":\"relative\"}", "Invalid params: \"cwd\" must be an absolute path, got \"relative\""),
                new Case("session/close", "{}", "Invalid params: \"sessionId\" is required"),
                new Case("session/delete", "[1]", "Invalid params: session/delete params must be an object"),
                new Case("authenticate", "{\"methodId\":\"magic\"}", "Invalid params: unknown auth method \"magic\""),
                new Case("session/new", "{\"cwd\":\"" + dir + "\"}", "Invalid params: \"mcpServers\" is required (use [] for none)"),
                new Case("session/new", "{\"cwd\":7,\"mcpServers\":[]}", "Invalid params: \"cwd\" must be a string"),
                new Case("session/load", "{\"sessionId\":\"" + session + "\",\"cwd\":\"" + dir + "\",\"mcpServers\":[{\"name\":\"x\",\"type\":\"ws\"}]}",
                        "Invalid params: mcpServers[0] has unknown type \"ws\""))) {
            JsonNode error = error(c.method(), c.params());
            assertEquals(-32602, error.path("code").asInt(), c.toString());
            assertEquals(c.message(), error.path("message").asString(), c.toString());
        }
        assertEquals(1, client.initialize().path("protocolVersion").asInt());
    }

    /** Members ACP may add, and {@code _meta}, are ignored in params and content blocks alike. */
    @Test
    void unknownMembersAreIgnored() {
        agent.close();
        agent = new InProcessAgent(dir.resolve("state"), new QueueModel().then(QueueModel.Reply.text("hello")), InProcessAgent.NO_MCP);
        client = agent.client();
        client.initialize();
        JsonNode created = client.request("session/new", Json.parse("""
                {"cwd":"%s","mcpServers":[],"_meta":{"a":1},"later":{"x":[1]}}""".formatted(dir)));
        String session = created.path("sessionId").asString();
        client.request("session/set_mode", Json.parse("{\"sessionId\":\"" + session + "\",\"modeId\":\"ask\",\"_meta\":{}}"));
        assertEquals(1, client.request("session/list", Json.parse("{\"later\":true}")).path("sessions").size());
        JsonNode answer = AcpTestClient.await(client.send("session/prompt", Json.parse("""
                {"sessionId":"%s","prompt":[{"type":"text","text":"hi","annotations":{"priority":1},"later":1}],"_meta":{}}"""
                .formatted(session))));
        assertEquals("end_turn", answer.path("result").path("stopReason").asString(), answer.toString());
        client.notify("session/cancel", Json.parse("{\"sessionId\":\"" + session + "\",\"_meta\":{}}"));
        client.request("session/close", Json.parse("{\"sessionId\":\"" + session + "\",\"later\":1}"));
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
