package dev.tether.mcp.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.WirePeer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The wire side of {@code subscriptions/listen} and of the per-request log level (MCP
 * 2026-07-28): what the request carries, how the server's acknowledgement and its ending of a
 * stream are matched to it, and that a 2025-11-25 session carries neither.
 */
class ListenRequestTest {
    private static final Duration WAIT = Duration.ofSeconds(5);
    private static final String CAPS = "{'tools':{'listChanged':true},'prompts':{},'resources':{'subscribe':true}}";
    private static final String DISCOVERED = "{'result':{'resultType':'complete','supportedVersions':['2026-07-28'],"
            + "'capabilities':" + CAPS + ",'cacheScope':'private','ttlMs':0}}";
    private static final String ENVELOPE = "'io.modelcontextprotocol/protocolVersion':'2026-07-28',"
            + "'io.modelcontextprotocol/clientCapabilities':{},"
            + "'io.modelcontextprotocol/clientInfo':{'name':'tether','version':'1.0'}";

    @Test
    void watchedTasksAreAskedForOnlyOfAServerWithTheTasksExtensionAndBounded() {
        assertEquals(List.of(), ListenFilter.of(json(CAPS), List.of(), List.of("task-1")).taskIds(),
                "a server without the extension is never asked for notifications/tasks");

        String withTasks = "{'tools':{},'extensions':{'io.modelcontextprotocol/tasks':{}}}";
        List<String> ids = new ArrayList<>(List.of("task-1", "task-1", "", "x".repeat(300)));
        for (int i = 2; i < 100; i++) {
            ids.add("task-" + i);
        }
        ListenFilter filter = ListenFilter.of(json(withTasks), List.of(), ids);
        assertEquals(ListenFilter.MAX_TASK_IDS, filter.taskIds().size());
        assertEquals(List.of("task-1", "task-2", "task-3"), filter.taskIds().subList(0, 3), "no duplicates, no empty or oversize id");
        assertFalse(filter.isEmpty());
        assertEquals(json("{'taskIds':['task-1','task-2']}"),
                ListenFilter.of(json(withTasks), List.of(), List.of("task-1", "task-2")).toJson());
        assertEquals(List.of("task-1"), ListenFilter.acknowledged(json("{'notifications':{'taskIds':['task-1', 7]}}")).taskIds());
    }

    @Test
    void theFilterAsksOnlyForWhatTheServerDeclaredAndIsBounded() {
        ListenFilter filter = ListenFilter.of(json(CAPS), List.of("a://1", "a://1", "", "a://2"));
        assertEquals(new ListenFilter(true, false, false, List.of("a://1", "a://2")), filter);
        assertEquals(json("{'toolsListChanged':true,'resourceSubscriptions':['a://1','a://2']}"), filter.toJson());

        assertEquals(new ListenFilter(false, true, true, List.of()),
                ListenFilter.of(json("{'prompts':{'listChanged':true},'resources':{'listChanged':true}}"), List.of("a://1")),
                "no resource updates asked of a server without resources.subscribe");
        assertTrue(ListenFilter.of(json("{'tools':{}}"), List.of()).isEmpty(), "nothing to listen for");

        List<String> many = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            many.add("a://" + i);
        }
        assertEquals(ListenFilter.MAX_RESOURCE_URIS, ListenFilter.of(json(CAPS), many).resourceUris().size());
    }

    @Test
    void theListenRequestCarriesTheEnvelopeTheLogLevelAndTheFilter() {
        WirePeer peer = new WirePeer(modern());
        try (McpClientSession client = discovered(peer, "info")) {
            client.listens().orElseThrow().open(ListenFilter.of(client.initialized().capabilities(), List.of("peer://motd")));
            JsonNode sent = peer.requests("subscriptions/listen").getFirst().path("params");
            assertEquals(json("{'notifications':{'toolsListChanged':true,'resourceSubscriptions':['peer://motd']},"
                    + "'_meta':{" + ENVELOPE + ",'io.modelcontextprotocol/logLevel':'info'}}"), sent);

            client.listTools(CatalogBounds.DEFAULT, WAIT, Cancellation.root());
            assertEquals("info", peer.requests("tools/list").getFirst().path("params").path("_meta")
                    .path("io.modelcontextprotocol/logLevel").asString(), "the level rides every request");
            assertEquals(0, client.inFlight(), "an open stream is not work in flight");
        }
    }

    @Test
    void theAcknowledgementAndTheServersCancellationAreMatchedToTheStream() throws Exception {
        WirePeer peer = new WirePeer(modern());
        try (McpClientSession client = discovered(peer, "warning")) {
            Listening listening = client.listens().orElseThrow().open(new ListenFilter(true, false, false, List.of()));
            JsonNode id = peer.requests("subscriptions/listen").getFirst().get("id");
            assertFalse(client.announcesChanges("tools"), "not before the server acknowledged");

            peer.push(json("{'method':'notifications/subscriptions/acknowledged','params':{'notifications':{'toolsListChanged':true},"
                    + "'_meta':{'io.modelcontextprotocol/subscriptionId':" + id + "}}}"));
            assertEquals(new ListenFilter(true, false, false, List.of()), listening.acknowledged().get(5, TimeUnit.SECONDS));
            assertTrue(client.announcesChanges("tools"));
            assertFalse(client.announcesChanges("prompts"), "prompts do not announce changes at all");

            peer.push(json("{'method':'notifications/cancelled','params':{'requestId':" + id + ",'reason':'shutting down'}}"));
            Listening.End end = listening.ended().get(5, TimeUnit.SECONDS);
            assertEquals(new Listening.End(false, 0, "the server ended the subscription (notifications/cancelled)"), end);
            Waits.eventually(WAIT, () -> !client.announcesChanges("tools"), "the ended stream to announce nothing");
        }
    }

    @Test
    void theServersAnswerEndsTheStreamGracefully() throws Exception {
        WirePeer peer = new WirePeer(modern());
        try (McpClientSession client = discovered(peer, "warning")) {
            Listening listening = client.listens().orElseThrow().open(new ListenFilter(true, false, false, List.of()));
            JsonNode id = peer.requests("subscriptions/listen").getFirst().get("id");
            peer.push(json("{'id':" + id + ",'result':{'resultType':'complete','_meta':{'io.modelcontextprotocol/subscriptionId':" + id + "}}}"));
            assertTrue(listening.ended().get(5, TimeUnit.SECONDS).graceful());
        }
    }

    @Test
    void theIdleCheckOfA2026ServerIsDiscoverNeverPing() {
        WirePeer peer = new WirePeer(modern());
        try (McpClientSession client = discovered(peer, "warning")) {
            client.checkAlive(WAIT, Cancellation.root());
            assertEquals(List.of("server/discover", "server/discover"), peer.methods());
        }
    }

    @Test
    void a2025SessionHasNoListenStreamAndNoLevelOnItsRequests() {
        WirePeer peer = new WirePeer(request -> switch (request.path("method").asString()) {
            case "initialize" -> json("{'result':{'protocolVersion':'2025-11-25','capabilities':{'tools':{'listChanged':true}},"
                    + "'serverInfo':{'name':'old','version':'1'}}}");
            case "tools/list" -> json("{'result':{'tools':[]}}");
            case "ping" -> json("{'result':{}}");
            default -> null;
        });
        try (McpClientSession client = new McpClientSession("s", peer, () -> { })) {
            client.logLevel("info");
            client.initialize("1.0", WAIT, Cancellation.root());
            client.listTools(CatalogBounds.DEFAULT, WAIT, Cancellation.root());
            client.checkAlive(WAIT, Cancellation.root());
            assertNull(peer.requests("tools/list").getFirst().path("params").get("_meta"));
            assertEquals(List.of("initialize", "notifications/initialized", "tools/list", "ping"), peer.methods());
            assertEquals(Optional.empty(), client.listens(), "no listen requests: the GET stream is that revision's");
            assertTrue(client.announcesChanges("tools"), "a 2025 server announces what it declared");
        }
    }

    private static java.util.function.Function<JsonNode, JsonNode> modern() {
        return request -> switch (request.path("method").asString()) {
            case "server/discover" -> json(DISCOVERED);
            case "tools/list" -> json("{'result':{'resultType':'complete','tools':[]}}");
            default -> null;
        };
    }

    private static McpClientSession discovered(WirePeer peer, String level) {
        McpClientSession client = new McpClientSession("s", peer, () -> { });
        client.logLevel(level);
        client.discover("2026-07-28", "1.0", Json.object(), WAIT, Cancellation.root());
        return client;
    }

    private static JsonNode json(String text) {
        return Json.parse(text.replace('\'', '"'));
    }
}
