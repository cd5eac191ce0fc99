package dev.tether.mcp.listen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.client.ListenFilter;
import dev.tether.mcp.client.McpClientSession;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.testing.Waits;
import dev.tether.testing.mcp.WirePeer;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The life of a 2026-07-28 listen stream at the wire seam: opened again after each loss and given
 * up after the recovery's attempts in a row; never asked again of a server without the method;
 * replaced when the wanted resources change (the old one cancelled after the new one is
 * acknowledged); the lists fetched again only when a stream opens while none was open; cancelled
 * when the session closes.
 */
class ListenStreamTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Duration QUIET = Duration.ofMillis(300);
    private static final McpConnectionSettings.Recovery QUICK = new McpConnectionSettings.Recovery(3, Duration.ofMillis(1),
            Duration.ofSeconds(5));
    private static final String DISCOVERED = "{'result':{'resultType':'complete','supportedVersions':['2026-07-28'],"
            + "'capabilities':{'tools':{'listChanged':true},'resources':{'subscribe':true}},'cacheScope':'private','ttlMs':0}}";

    @Test
    void aStreamThatKeepsFailingIsOpenedAgainAFewTimesThenLeftAlone() {
        WirePeer peer = new WirePeer(answering("{'error':{'code':-32603,'message':'Subscription limit reached'}}"));
        try (McpClientSession client = discovered(peer); Cancellation lifetime = Cancellation.root()) {
            new ListenStream("s", QUICK, WAIT, lifetime, System::nanoTime, new Wants(List.of(), new CopyOnWriteArrayList<>())).start(client, 1, g -> true);
            Waits.eventually(WAIT, () -> listens(peer) == 4, "the first stream and three more");
            Waits.throughout(QUIET, () -> listens(peer) == 4, "no fifth");
        }
    }

    @Test
    void aServerWithoutTheMethodIsNotAskedAgain() {
        WirePeer peer = new WirePeer(answering("{'error':{'code':-32601,'message':'Method not found'}}"));
        try (McpClientSession client = discovered(peer); Cancellation lifetime = Cancellation.root()) {
            new ListenStream("s", QUICK, WAIT, lifetime, System::nanoTime, new Wants(List.of(), new CopyOnWriteArrayList<>())).start(client, 1, g -> true);
            Waits.eventually(WAIT, () -> listens(peer) == 1, "one listen request");
            Waits.throughout(QUIET, () -> listens(peer) == 1, "no second");
        }
    }

    @Test
    void aNewResourceReplacesTheStreamAndClosingCancelsIt() {
        WirePeer peer = new WirePeer(answering(null));
        List<String> wanted = new CopyOnWriteArrayList<>();
        List<ListenFilter> caughtUp = new CopyOnWriteArrayList<>();
        Cancellation lifetime = Cancellation.root();
        try (McpClientSession client = discovered(peer)) {
            ListenStream stream = new ListenStream("s", QUICK, WAIT, lifetime, System::nanoTime, new Wants(wanted, caughtUp));
            stream.start(client, 1, g -> true);
            Waits.eventually(WAIT, () -> listens(peer) == 1, "the first stream");
            acknowledge(peer, 0);
            Waits.eventually(WAIT, () -> caughtUp.size() == 1, "the lists fetched again once it was acknowledged");
            assertEquals(new ListenFilter(true, false, false, List.of()), caughtUp.getFirst());

            wanted.add("a://motd");
            stream.refilter();
            Waits.eventually(WAIT, () -> listens(peer) == 2, "a stream for the resource too");
            assertEquals(Json.parse("{\"toolsListChanged\":true,\"resourceSubscriptions\":[\"a://motd\"]}"),
                    listen(peer, 1).path("params").path("notifications"));
            assertEquals(List.of(), cancelled(peer), "the old stream lives until the new one is acknowledged");
            acknowledge(peer, 1);
            Waits.eventually(WAIT, () -> cancelled(peer).equals(List.of(listen(peer, 0).get("id"))), "the old stream cancelled");
            assertEquals(1, caughtUp.size(), "a replacement leaves no gap to catch up");

            lifetime.cancel();
            Waits.eventually(WAIT, () -> cancelled(peer).equals(List.of(listen(peer, 0).get("id"), listen(peer, 1).get("id"))),
                    "the stream cancelled when the session closes");
        }
    }

    /** The connection's side: the resources in {@code resources} (read live), no tasks; catch-ups go to {@code caughtUp}. */
    private record Wants(List<String> resources, List<ListenFilter> caughtUp) implements ListenStream.Interest {
        @Override
        public Collection<String> tasks() {
            return List.of();
        }

        @Override
        public void catchUp(ListenFilter announced) {
            caughtUp.add(announced);
        }
    }

    private static Function<JsonNode, JsonNode> answering(String listen) {
        return request -> switch (request.path("method").asString()) {
            case "server/discover" -> json(DISCOVERED);
            case "subscriptions/listen" -> listen == null ? null : json(listen);
            default -> null;
        };
    }

    private static McpClientSession discovered(WirePeer peer) {
        McpClientSession client = new McpClientSession("s", peer, () -> { });
        client.discover("2026-07-28", "1.0", Json.object(), WAIT, Cancellation.root());
        return client;
    }

    private static void acknowledge(WirePeer peer, int which) {
        JsonNode request = listen(peer, which);
        peer.push(json("{'method':'notifications/subscriptions/acknowledged','params':{'notifications':"
                + request.path("params").path("notifications") + ",'_meta':{'io.modelcontextprotocol/subscriptionId':"
                + request.get("id") + "}}}"));
    }

    private static JsonNode listen(WirePeer peer, int which) {
        return peer.requests("subscriptions/listen").get(which);
    }

    private static int listens(WirePeer peer) {
        return peer.requests("subscriptions/listen").size();
    }

    private static List<JsonNode> cancelled(WirePeer peer) {
        return peer.sent.stream().filter(m -> "notifications/cancelled".equals(m.path("method").asString("")))
                .map(m -> m.path("params").get("requestId")).toList();
    }

    private static JsonNode json(String text) {
        return Json.parse(text.replace('\'', '"'));
    }
}
