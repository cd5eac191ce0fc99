package dev.tether.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.testing.mcp.WirePeer;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The same operations on a session before its greeting, after {@code initialize} and after
 * {@code server/discover}, at the wire seam: what the committed revision sends for the log level,
 * a resource subscription and the idle check, and what it refuses before any greeting.
 */
class RevisionDifferencesTest {
    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final String CAPS = "{'tools':{},'logging':{},'resources':{'subscribe':true}}";

    private static WirePeer peer() {
        return new WirePeer(request -> switch (request.path("method").asString()) {
            case "initialize" -> json("{'result':{'protocolVersion':'2025-11-25','capabilities':" + CAPS + ","
                    + "'serverInfo':{'name':'old','version':'1'}}}");
            case "server/discover" -> json("{'result':{'resultType':'complete','supportedVersions':['2026-07-28'],"
                    + "'capabilities':" + CAPS + "}}");
            default -> json("{'result':{}}");
        });
    }

    @Test
    void beforeItsGreetingASessionRefusesWhatNeedsACapabilityAndSendsNothing() {
        WirePeer peer = peer();
        try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
            assertNull(client.initialized());
            assertThrows(McpError.NotReady.class, () -> client.listTools(CatalogBounds.DEFAULT, WAIT, Cancellation.root()));
            assertThrows(McpError.NotReady.class, () -> client.content().subscription("a://1", true, WAIT, Cancellation.root()));
            assertThrows(McpError.NotReady.class, () -> client.tasks().get(null, WAIT, Cancellation.root()));
            assertFalse(client.tasks().declaresToolTasks());
            assertFalse(client.announcesChanges("tools"));
            assertEquals(Optional.empty(), client.listens());
            assertEquals(List.of(), peer.methods());
        }
    }

    @Test
    void afterInitializeTheLevelSubscriptionAndIdleCheckAreRequestsOfTheirOwn() {
        WirePeer peer = peer();
        try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
            client.logLevel("info");
            client.initialize("1.0", WAIT, Cancellation.root());
            client.applyLogLevel(WAIT, Cancellation.root());
            client.content().subscription("a://1", true, WAIT, Cancellation.root());
            client.content().subscription("a://1", false, WAIT, Cancellation.root());
            client.checkAlive(WAIT, Cancellation.root());
            assertEquals(List.of("initialize", "notifications/initialized", "logging/setLevel", "resources/subscribe",
                    "resources/unsubscribe", "ping"), peer.methods());
            assertEquals(json("{'level':'info'}"), peer.requests("logging/setLevel").getFirst().get("params"));
            assertTrue(peer.sent.stream().noneMatch(m -> m.path("params").has("_meta")), "no envelope on any request");
        }
    }

    @Test
    void afterDiscoverTheLevelRidesEveryRequestSubscriptionsSendNothingAndDiscoverChecksIdleness() {
        WirePeer peer = peer();
        try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
            client.logLevel("info");
            client.discover(Stateless2026.VERSION, "1.0", Json.object(), WAIT, Cancellation.root());
            client.applyLogLevel(WAIT, Cancellation.root());
            client.content().subscription("a://1", true, WAIT, Cancellation.root());
            client.content().subscription("a://1", false, WAIT, Cancellation.root());
            client.checkAlive(WAIT, Cancellation.root());
            assertEquals(List.of("server/discover", "server/discover"), peer.methods());
            assertEquals("info", peer.requests("server/discover").getLast().path("params").path("_meta")
                    .path("io.modelcontextprotocol/logLevel").asString(), "the idle check carries the envelope too");
        }
    }

    private static JsonNode json(String text) {
        return Json.parse(text.replace('\'', '"'));
    }
}
