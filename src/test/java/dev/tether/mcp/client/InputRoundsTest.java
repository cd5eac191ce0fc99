package dev.tether.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.base.CancelledException;
import dev.tether.json.Json;
import dev.tether.jsonrpc.InboundRequest;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.interaction.ServerRequestHandler;
import dev.tether.testing.mcp.WirePeer;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Multi round-trip requests of MCP 2026-07-28 at the wire seam: answered through the handler, retried, bounded, isolated. */
class InputRoundsTest {
    private static final McpClientSession.CallLimits LIMITS = new McpClientSession.CallLimits(Duration.ofSeconds(5), Duration.ofSeconds(10));
    private static final String DISCOVERED = "{'result':{'resultType':'complete','supportedVersions':['2026-07-28'],"
            + "'capabilities':{'tools':{}},'cacheScope':'private'}}";

    @Test
    void anElicitationIsAnsweredThroughTheHandlerAndTheCallRetriedWithItsStateEchoed() {
        List<InboundRequest> served = new CopyOnWriteArrayList<>();
        ServerRequestHandler handler = (server, request) -> {
            served.add(request);
            return json("{'action':'accept','content':{'confirm':true}}");
        };
        WirePeer peer = new WirePeer(calls(params -> params.has("inputResponses")
                ? "{'result':{'resultType':'complete','content':[{'type':'text','text':'done'}]}}"
                : "{'result':{'resultType':'input_required','requestState':'opaque-1',"
                + "'inputRequests':{'confirm':{'method':'elicitation/create','params':{'mode':'form','message':'Sure?',"
                + "'requestedSchema':{'type':'object','properties':{'confirm':{'type':'boolean'}}}}}}}}"));
        try (McpClientSession client = stateless(peer, handler)) {
            McpCallResult result = client.callTool("deploy", json("{'env':'prod'}"), LIMITS, Cancellation.root(), p -> { });
            assertEquals(List.of(new McpContent.Text("done")), result.content());
        }
        assertEquals(1, served.size());
        assertEquals("elicitation/create", served.getFirst().method());
        assertEquals("Sure?", served.getFirst().params().path("message").asString());
        List<JsonNode> calls = peer.requests("tools/call");
        assertEquals(2, calls.size());
        assertTrue(!calls.get(0).get("id").equals(calls.get(1).get("id")), "the retry has a new JSON-RPC id");
        JsonNode retry = calls.get(1).path("params");
        assertEquals(json("{'confirm':{'action':'accept','content':{'confirm':true}}}"), retry.get("inputResponses"));
        assertEquals("opaque-1", retry.path("requestState").asString());
        assertEquals(json("{'env':'prod'}"), retry.get("arguments"));
        assertEquals("2026-07-28", retry.path("_meta").path("io.modelcontextprotocol/protocolVersion").asString());
    }

    @Test
    void aServerThatNeverStopsAskingIsCutOffAfterTheBound() {
        WirePeer peer = new WirePeer(calls(params -> "{'result':{'resultType':'input_required','requestState':'again'}}"));
        try (McpClientSession client = stateless(peer, (server, request) -> Json.object())) {
            McpError.Refused refused = assertThrows(McpError.Refused.class,
                    () -> client.callTool("t", Json.object(), LIMITS, Cancellation.root(), p -> { }));
            assertEquals("tools/call still asked for more input after 8 rounds; Tether stopped answering", refused.getMessage());
        }
        assertEquals(1 + InputRounds.MAX_ROUNDS, peer.requests("tools/call").size());
    }

    @Test
    void resultTypesAreRead() {
        WirePeer peer = new WirePeer(calls(params -> switch (params.path("name").asString()) {
            case "plain" -> "{'result':{'content':[{'type':'text','text':'no type'}]}}";
            default -> "{'result':{'resultType':'streaming','content':[]}}";
        }));
        try (McpClientSession client = stateless(peer, ServerRequestHandler.NOT_OFFERED)) {
            assertEquals(List.of(new McpContent.Text("no type")),
                    client.callTool("plain", Json.object(), LIMITS, Cancellation.root(), p -> { }).content(), "missing = complete");
            McpError.Malformed odd = assertThrows(McpError.Malformed.class,
                    () -> client.callTool("odd", Json.object(), LIMITS, Cancellation.root(), p -> { }));
            assertEquals("server answered tools/call with result type \"streaming\", which Tether does not know", odd.getMessage());
        }
    }

    @Test
    void anInputTheClientCannotGiveEndsTheCallReadably() {
        WirePeer peer = new WirePeer(calls(params -> "{'result':{'resultType':'input_required',"
                + "'inputRequests':{'s':{'method':'sampling/createMessage','params':{'messages':[],'maxTokens':5}}}}}"));
        try (McpClientSession client = stateless(peer, ServerRequestHandler.NOT_OFFERED)) {
            McpError.Refused refused = assertThrows(McpError.Refused.class,
                    () -> client.callTool("t", Json.object(), LIMITS, Cancellation.root(), p -> { }));
            assertEquals("tools/call needs an answer to sampling/createMessage that Tether could not give:"
                    + " sampling/createMessage is not offered by this client", refused.getMessage());
        }
        assertEquals(1, peer.requests("tools/call").size());
    }

    @Test
    void parallelCallsKeepTheirOwnRoundsAndACancelledOneStopsAlone() throws Exception {
        CountDownLatch asking = new CountDownLatch(1);
        ServerRequestHandler handler = (server, request) -> {
            if (request.params().path("message").asString().equals("slow")) {
                asking.countDown();
                try {
                    request.cancellation().await(Duration.ofSeconds(10));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new CancelledException();
            }
            return json("{'action':'accept','content':{'n':1}}");
        };
        WirePeer peer = new WirePeer(calls(params -> {
            String name = params.path("name").asString();
            if (params.has("requestState")) {
                return "{'result':{'resultType':'complete','content':[{'type':'text','text':'" + name + " saw "
                        + params.path("requestState").asString() + "'}]}}";
            }
            return "{'result':{'resultType':'input_required','requestState':'state-of-" + name + "',"
                    + "'inputRequests':{'q':{'method':'elicitation/create','params':{'message':'" + (name.equals("slow") ? "slow" : "fast")
                    + "','requestedSchema':{'type':'object','properties':{'n':{'type':'integer'}}}}}}}}";
        }));
        try (McpClientSession client = stateless(peer, handler)) {
            Cancellation slowTurn = Cancellation.root();
            CompletableFuture<Object> slow = CompletableFuture.supplyAsync(() -> {
                try {
                    return client.callTool("slow", Json.object(), LIMITS, slowTurn, p -> { });
                } catch (RuntimeException e) {
                    return e;
                }
            });
            assertTrue(asking.await(5, TimeUnit.SECONDS));
            Set<String> texts = new HashSet<>();
            for (String name : List.of("a", "b")) {
                texts.add(((McpContent.Text) client.callTool(name, Json.object(), LIMITS, Cancellation.root(), p -> { })
                        .content().getFirst()).text());
            }
            assertEquals(Set.of("a saw state-of-a", "b saw state-of-b"), texts);
            slowTurn.cancel();
            assertTrue(slow.get(5, TimeUnit.SECONDS) instanceof CancelledException);
        }
        assertEquals(1, peer.requests("tools/call").stream().filter(c -> c.path("params").path("name").asString().equals("slow")).count(),
                "the cancelled call is not retried");
    }

    private static McpClientSession stateless(WirePeer peer, ServerRequestHandler handler) {
        McpClientSession client = new McpClientSession("s", peer, () -> { }, handler);
        client.discover(Stateless2026.VERSION, "1", Json.object(), Duration.ofSeconds(5), Cancellation.root());
        return client;
    }

    /** Answers discovery, and every tools/call by its params. */
    private static Function<JsonNode, JsonNode> calls(Function<JsonNode, String> call) {
        return message -> switch (message.path("method").asString("")) {
            case "server/discover" -> json(DISCOVERED);
            case "tools/call" -> json(call.apply(message.path("params")));
            default -> json("{'error':{'code':-32601,'message':'Method not found'}}");
        };
    }

    private static JsonNode json(String text) {
        return Json.parse(text.replace('\'', '"'));
    }
}
