package dev.tether.mcp;

import static dev.tether.mcp.Interact.ask;
import static dev.tether.mcp.Interact.json;
import static dev.tether.mcp.Interact.policy;
import static dev.tether.testing.mcp.McpTestSupport.chaos;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.interaction.sampling.Sampling;
import dev.tether.mcp.interaction.sampling.SamplingReply;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.testing.mcp.ScriptedHost;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Sampling is off unless enabled; enabled, it refuses tools, context, tasks and overlap, and maps the model's reply. */
class SamplingTest {
    private static final String REQUEST = "{'messages':[{'role':'user','content':{'type':'text','text':'Hi\\u200B there'}}],"
            + "'systemPrompt':'Be brief','maxTokens':100000";

    @Test
    void offByDefault() {
        ScriptedHost host = new ScriptedHost(false, false);
        try (McpRuntime runtime = Interact.start(host, Map.of(), chaos("off"))) {
            assertEquals(json("{'error':{'code':-32601,'message':'sampling/createMessage is not offered by this client'}}"),
                    ask(runtime, "off", "sampling/createMessage", json(REQUEST + "}")));
            assertTrue(host.samplings.isEmpty());
        }
    }

    @Test
    void approvedRequestsAreCappedAndTheReplyMapped() {
        ScriptedHost host = new ScriptedHost(false, false)
                .sampling((r, c) -> new SamplingReply("Hello.", "claude-test", "endTurn", null));
        try (McpRuntime runtime = Interact.start(host, Map.of("on", policy(false, true, null)), chaos("on"))) {
            assertEquals(json("{'result':{'role':'assistant','content':{'type':'text','text':'Hello.'},'model':'claude-test','stopReason':'endTurn'}}"),
                    ask(runtime, "on", "sampling/createMessage", json(REQUEST + "}")));
            assertEquals(new Sampling("on", List.of(ModelMessage.user(List.of(new Part.Text("Hi there")))), "Be brief", 4096),
                    host.samplings.getFirst());
        }
    }

    @Test
    void refusalsAreReadableErrors() {
        ScriptedHost host = new ScriptedHost(false, false).sampling((r, c) -> SamplingReply.refused("the user said no"));
        try (McpRuntime runtime = Interact.start(host, Map.of("on", policy(false, true, null)), chaos("on"))) {
            assertEquals(json("{'error':{'code':-1,'message':'the user said no'}}"),
                    ask(runtime, "on", "sampling/createMessage", json(REQUEST + "}")));
            assertEquals(json("{'error':{'code':-32602,'message':'Tether does not offer tools to sampling requests'}}"),
                    ask(runtime, "on", "sampling/createMessage", json(REQUEST + ",'tools':[{'name':'x','inputSchema':{'type':'object'}}]}")));
            assertEquals(json("{'error':{'code':-32602,'message':'Tether does not share session context with MCP servers (includeContext must be \\\"none\\\")'}}"),
                    ask(runtime, "on", "sampling/createMessage", json(REQUEST + ",'includeContext':'allServers'}")));
            assertEquals(json("{'error':{'code':-32602,'message':'Tether does not accept task-augmented sampling requests'}}"),
                    ask(runtime, "on", "sampling/createMessage", json(REQUEST + ",'task':{'ttl':1000}}")));
            assertEquals(1, host.samplings.size(), "only the request the user refused reached the host");
        }
    }

    @Test
    void aSecondRequestWhileOneRunsIsRefused() {
        ScriptedHost host = new ScriptedHost(false, false).sampling((r, c) -> {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return new SamplingReply("ok", "m", "endTurn", null);
        });
        try (McpRuntime runtime = Interact.start(host, Map.of("on", policy(false, true, null)), chaos("on", "--interaction"))) {
            var args = json("{'method':'sampling/createMessage'}");
            args.set("params", json(REQUEST + "}"));
            var result = runtime.connection("on").call("ask_twice", args, false, dev.tether.base.Cancellation.root(), p -> { });
            JsonNode both = Json.parse(((McpContent.Text) result.content().getFirst()).text());
            List<String> outcomes = List.of(outcome(both.get(0)), outcome(both.get(1)));
            assertTrue(outcomes.contains("ok") && outcomes.contains("another sampling request of this server is still running"),
                    outcomes.toString());
        }
    }

    private static String outcome(JsonNode answer) {
        return answer.has("result") ? answer.path("result").path("content").path("text").asString()
                : answer.path("error").path("message").asString();
    }
}
