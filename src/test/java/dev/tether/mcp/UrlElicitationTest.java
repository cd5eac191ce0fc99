package dev.tether.mcp;

import static dev.tether.mcp.Interact.ask;
import static dev.tether.mcp.Interact.json;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.mcp.interaction.McpNotice;
import dev.tether.mcp.interaction.elicitation.Elicitation;
import dev.tether.mcp.interaction.elicitation.ElicitationReply;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.tools.ToolError;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** URL elicitations: unsafe URLs never reach the user; -32042 is shown and retried, at most three times. */
class UrlElicitationTest {
    private static final ElicitationReply ACCEPT = new ElicitationReply("accept", null);

    @Test
    void unsafeUrlsAreRefusedAndSafeOnesShown() throws Exception {
        ScriptedHost host = new ScriptedHost(false, true).answering((r, c) -> ACCEPT);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("urls"))) {
            for (String url : new String[] {"https://user:pw@bank.example.com/", "javascript:alert(1)", "data:text/html,hi",
                    "http://example.com/login"}) {
                assertEquals(-32602, Interact.askDuringCall(runtime, "urls", "elicitation/create", json(
                        "{'mode':'url','elicitationId':'e1','message':'m','url':'" + url + "'}"), "call-1")
                        .path("error").path("code").asInt(), url);
            }
            assertTrue(host.elicitations.isEmpty());
            assertEquals(json("{'result':{'action':'accept'}}"), Interact.askDuringCall(runtime, "urls", "elicitation/create",
                    json("{'mode':'url','elicitationId':'e2','message':'Log in','url':'http://localhost:9/cb'}"), "call-2"));
            Elicitation shown = host.elicitations.getFirst();
            assertEquals(new Elicitation("urls", "url", "Log in", null, "http://localhost:9/cb", "e2", "call-2"), shown);
            assertEquals("localhost", shown.urlHost());
        }
    }

    @Test
    void aUrlOutsideAnyCallOfItsServerIsRefused() {
        ScriptedHost host = new ScriptedHost(false, true).answering((r, c) -> ACCEPT);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("idle"))) {
            JsonNode answer = ask(runtime, "idle", "elicitation/create",
                    json("{'mode':'url','elicitationId':'e1','message':'Log in','url':'https://auth.example.com/'}"));
            assertEquals("Tether accepts URL elicitations only during a tool call to this server",
                    answer.path("error").path("message").asString());
            assertTrue(host.elicitations.isEmpty(), "nothing reached the user");
        }
    }

    @Test
    void aCallFailingWithUrlRequiredIsShownThenRetried() throws Exception {
        ScriptedHost host = new ScriptedHost(false, true).answering((r, c) -> ACCEPT);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("auth", "--interaction"))) {
            assertEquals("authorised after 2", Interact.run(runtime, "auth", "needs_url",
                    json("{'failures':2,'complete':true}"), "call-9"));
            assertEquals(2, host.elicitations.size());
            Elicitation first = host.elicitations.getFirst();
            assertEquals(new Elicitation("auth", "url", "Authorise chaos in your browser", null,
                    "https://auth.example.com/authorize?x=1", "chaos-url-1", "call-9"), first);
            assertTrue(host.notices.contains(new McpNotice.ElicitationComplete("auth", "chaos-url-1")), host.notices.toString());
        }
    }

    @Test
    void retriesStopAfterThree() {
        ScriptedHost host = new ScriptedHost(false, true).answering((r, c) -> ACCEPT);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("stubborn", "--interaction"))) {
            ToolError.TellModel failure = assertThrows(ToolError.TellModel.class, () -> Interact.run(runtime, "stubborn", "needs_url",
                    json("{'failures':100,'complete':true}"), "call-1"));
            assertEquals("stubborn: the server still asks for a step in the browser after 3 retries; giving up",
                    failure.getMessage());
            assertEquals(3, host.elicitations.size());
        }
    }

    @Test
    void aDeclinedOrUnsafeUrlEndsTheCallReadably() {
        ScriptedHost host = new ScriptedHost(false, true).answering((r, c) -> ElicitationReply.DECLINE);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("declined", "--interaction"))) {
            ToolError.TellModel declined = assertThrows(ToolError.TellModel.class, () -> Interact.run(runtime, "declined", "needs_url",
                    json("{'failures':1}"), "call-1"));
            assertEquals("declined: the server needs a step in the browser (auth.example.com) and the user did not open it (decline)",
                    declined.getMessage());
            ToolError.TellModel unsafe = assertThrows(ToolError.TellModel.class, () -> Interact.run(runtime, "declined", "needs_url",
                    json("{'failures':5,'url':'https://u:p@auth.example.com/'}"), "call-2"));
            assertEquals("declined: the server asks for a step in the browser that Tether will not show: "
                    + "the URL may not carry credentials (user-info)", unsafe.getMessage());
            assertEquals(1, host.elicitations.size());
        }
    }
}
