package dev.tether.mcp.connection;

import static dev.tether.mcp.Interact.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.testing.mcp.WirePeer;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The rules that choose a server's MCP revision, at the wire seam. */
class VersionProbeTest {
    private static final String DISCOVERED = "{'result':{'resultType':'complete','supportedVersions':['2026-07-28'],"
            + "'capabilities':{'tools':{}},'cacheScope':'private','_meta':{'io.modelcontextprotocol/serverInfo':{'name':'new','version':'2'}}}}";
    private static final String INITIALIZED = "{'result':{'protocolVersion':'2025-11-25','capabilities':{'tools':{}},"
            + "'serverInfo':{'name':'old','version':'1'}}}";
    private static final String NO_TOOLS = "{'result':{'tools':[]}}";

    @Test
    void aDiscoveryAnswerChoosesTheStatelessRevisionAndEveryRequestCarriesTheEnvelope() {
        WirePeer peer = new WirePeer(by(m -> switch (m) {
            case "server/discover" -> DISCOVERED;
            case "tools/list" -> NO_TOOLS;
            default -> null;
        }));
        VersionChoice choice = new VersionChoice("s", null, VersionChoice.Reach.STDIO);
        try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
            McpClientSession.Initialized init = greet(choice, client);
            assertEquals(new McpClientSession.Initialized("2026-07-28", "new", "2", json("{'tools':{}}"), null), init);
            client.listTools(CatalogBounds.DEFAULT, Duration.ofSeconds(5), Cancellation.root());
            assertEquals(List.of("server/discover", "tools/list"), peer.methods(), "no initialize, no initialized");
            assertEquals(json("{'io.modelcontextprotocol/protocolVersion':'2026-07-28',"
                            + "'io.modelcontextprotocol/clientCapabilities':{'elicitation':{'form':{}}},"
                            + "'io.modelcontextprotocol/clientInfo':{'name':'tether','version':'9.9'}}"),
                    peer.requests("tools/list").getFirst().path("params").path("_meta"));
            assertEquals(VersionChoice.Era.STATELESS, choice.remembered());
        }
    }

    @Test
    void anUnsupportedVersionErrorIsRetriedWithACommonVersionNeverFallingBack() {
        int[] discovers = {0};
        WirePeer peer = new WirePeer(by(m -> switch (m) {
            case "server/discover" -> ++discovers[0] == 1
                    ? "{'error':{'code':-32022,'message':'no','data':{'requested':'2026-07-28','supported':['2027-01-01','2026-07-28']}}}"
                    : DISCOVERED;
            default -> INITIALIZED;
        }));
        try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
            assertEquals("2026-07-28", greet(new VersionChoice("s", null, VersionChoice.Reach.STDIO), client).protocolVersion());
            assertEquals(List.of("server/discover", "server/discover"), peer.methods());
        }
        WirePeer newer = new WirePeer(by(m -> m.equals("server/discover")
                ? "{'error':{'code':-32022,'message':'no','data':{'requested':'2026-07-28','supported':['2027-01-01']}}}"
                : INITIALIZED));
        try (McpClientSession client = new McpClientSession("s", newer, () -> { })) {
            McpError.Refused refused = assertThrows(McpError.Refused.class, () -> greet(new VersionChoice("s", null, VersionChoice.Reach.STDIO), client));
            assertEquals("the server speaks MCP 2027-01-01, and Tether speaks 2026-07-28 there (no common version)",
                    refused.getMessage());
            assertEquals(List.of("server/discover"), newer.methods(), "no fallback to initialize");
        }
    }

    @Test
    void anyOtherErrorOrAnEmptyResultMeansAnOlderServer() {
        for (String error : List.of("{'error':{'code':-32601,'message':'Method not found'}}",
                "{'error':{'code':-32600,'message':'Server not initialized'}}",
                "{'error':{'code':-32000,'message':'whatever'}}",
                "{'result':{}}")) {
            WirePeer peer = new WirePeer(by(m -> switch (m) {
                case "server/discover" -> error;
                case "initialize" -> INITIALIZED;
                default -> null;
            }));
            VersionChoice choice = new VersionChoice("s", null, VersionChoice.Reach.STDIO);
            try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
                assertEquals("2025-11-25", greet(choice, client).protocolVersion(), error);
                assertEquals(List.of("server/discover", "initialize", "notifications/initialized"), peer.methods());
                assertEquals("ping", client.healthProbe(), "the failed probe committed nothing: initialize's revision");
                assertEquals(VersionChoice.Era.INITIALIZE, choice.remembered());
            }
            // Remembered: the next connect of the same server does not probe.
            WirePeer again = new WirePeer(by(m -> m.equals("initialize") ? INITIALIZED : null));
            try (McpClientSession client = new McpClientSession("s", again, () -> { })) {
                greet(choice, client);
                assertEquals(List.of("initialize", "notifications/initialized"), again.methods());
            }
        }
    }

    @Test
    void silenceMeansAnOlderServerOverStdioButAnOutageOverHttp() {
        Function<JsonNode, JsonNode> deafToDiscover = by(m -> m.equals("initialize") ? INITIALIZED : null);
        WirePeer stdio = new WirePeer(deafToDiscover);
        try (McpClientSession client = new McpClientSession("s", stdio, () -> { })) {
            assertEquals("2025-11-25", greet(new VersionChoice("s", null, VersionChoice.Reach.STDIO), client, Duration.ofMillis(300)).protocolVersion());
        }
        WirePeer http = new WirePeer(deafToDiscover);
        VersionChoice remote = new VersionChoice("s", null, VersionChoice.Reach.HTTP);
        try (McpClientSession client = new McpClientSession("s", http, () -> { })) {
            assertThrows(McpError.Timeout.class, () -> greet(remote, client, Duration.ofMillis(300)));
            assertEquals(List.of("server/discover"), http.methods().subList(0, 1));
            assertFalse(http.methods().contains("initialize"), "a timeout is not an old server");
            assertEquals(VersionChoice.Era.UNKNOWN, remote.remembered());
        }
    }

    @Test
    void aServerThatExitsOnTheProbeIsStartedAgainForInitialize() {
        WirePeer peer = new WirePeer(by(m -> m.equals("server/discover") ? "exit" : INITIALIZED));
        VersionChoice choice = new VersionChoice("s", null, VersionChoice.Reach.STDIO);
        try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
            assertThrows(VersionChoice.ExitedOnProbe.class, () -> greet(choice, client));
        }
        assertEquals(VersionChoice.Era.INITIALIZE, choice.remembered(), "the restarted process goes straight to initialize");
    }

    @Test
    void aPinnedVersionSkipsTheProbe() {
        WirePeer old = new WirePeer(by(m -> m.equals("initialize") ? INITIALIZED : DISCOVERED));
        try (McpClientSession client = new McpClientSession("s", old, () -> { })) {
            greet(new VersionChoice("s", "2025-11-25", VersionChoice.Reach.STDIO), client);
            assertEquals(List.of("initialize", "notifications/initialized"), old.methods());
        }
        WirePeer modern = new WirePeer(by(m -> m.equals("server/discover")
                ? "{'error':{'code':-32601,'message':'Method not found'}}" : INITIALIZED));
        try (McpClientSession client = new McpClientSession("s", modern, () -> { })) {
            McpError.ErrorAnswer error = assertThrows(McpError.ErrorAnswer.class,
                    () -> greet(new VersionChoice("s", "2026-07-28", VersionChoice.Reach.STDIO), client));
            assertEquals(-32601, error.code());
            assertEquals(List.of("server/discover"), modern.methods(), "pinned: never falls back");
        }
    }

    private static McpClientSession.Initialized greet(VersionChoice choice, McpClientSession client) {
        return greet(choice, client, Duration.ofSeconds(5));
    }

    private static McpClientSession.Initialized greet(VersionChoice choice, McpClientSession client, Duration timeout) {
        JsonNode caps = json("{'elicitation':{'form':{}}}");
        return choice.greet(client, "9.9", caps, timeout, Cancellation.root(),
                c -> c.initialize("9.9", caps, timeout, Cancellation.root()));
    }

    /** Answers by method name; "exit" ends the channel. */
    static Function<JsonNode, JsonNode> by(Function<String, String> answers) {
        return message -> {
            String answer = answers.apply(message.path("method").asString(""));
            return answer == null ? null : answer.equals("exit") ? WirePeer.EXIT : json(answer);
        };
    }

    @Test
    void theEnvelopeIsAbsentForOlderServers() {
        WirePeer peer = new WirePeer(by(m -> switch (m) {
            case "initialize" -> INITIALIZED;
            case "tools/list" -> NO_TOOLS;
            default -> "{'error':{'code':-32601,'message':'Method not found'}}";
        }));
        try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
            greet(new VersionChoice("s", null, VersionChoice.Reach.STDIO), client);
            client.listTools(CatalogBounds.DEFAULT, Duration.ofSeconds(5), Cancellation.root());
            assertNull(peer.requests("tools/list").getFirst().path("params").get("_meta"));
            assertTrue(peer.requests("initialize").getFirst().path("params").has("protocolVersion"));
        }
    }
}
