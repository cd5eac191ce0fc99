package dev.tether.mcp.client;

import dev.tether.json.Json;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code subscriptions/listen} requests of one 2026-07-28 session: opens them, matches the
 * server's {@code notifications/subscriptions/acknowledged} and (on stdio) its
 * {@code notifications/cancelled} to them by subscription id, and says which kinds of change the
 * open streams announce. These requests stay pending for as long as their streams live, so they
 * do not count as requests in flight. Only a 2026-07-28 session hands them out
 * ({@link McpClientSession#listens()}); earlier revisions have the GET stream instead.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/schema#subscriptionslistenrequest">MCP 2026-07-28 schema: subscriptions/listen</a>
 */
public final class ListenRequests {
    static final String META_SUBSCRIPTION = "io.modelcontextprotocol/subscriptionId";

    /** Acknowledgements kept for a stream not registered yet (the server may answer before the request is filed). */
    private static final int MAX_EARLY = 8;

    private final RequestSender sender;
    private final Map<String, Listening> live = new ConcurrentHashMap<>();
    private final Map<String, ListenFilter> early = new LinkedHashMap<>();

    ListenRequests(RequestSender sender) {
        this.sender = sender;
    }

    /** Opens a stream for {@code filter}; it lives until it {@linkplain Listening#ended() ends}. */
    public Listening open(ListenFilter filter) {
        ObjectNode params = Json.object();
        params.set("notifications", filter.toJson());
        Listening listening = new Listening(sender.request("subscriptions/listen", params, false), filter);
        ListenFilter acknowledged;
        synchronized (early) {
            live.put(listening.key(), listening);
            acknowledged = early.remove(listening.key());
        }
        if (acknowledged != null) {
            listening.acknowledge(acknowledged);
        }
        listening.ended().whenComplete((end, failure) -> live.remove(listening.key(), listening));
        return listening;
    }

    /** Streams open now. */
    int count() {
        return live.size();
    }

    /** Whether an open stream's acknowledgement includes the list changes of {@code kind} ({@code tools}, {@code prompts}, {@code resources}). */
    boolean announces(String kind) {
        Predicate<ListenFilter> honours = switch (kind) {
            case "tools" -> ListenFilter::tools;
            case "prompts" -> ListenFilter::prompts;
            case "resources" -> ListenFilter::resources;
            default -> f -> false;
        };
        return live.values().stream().anyMatch(l -> honours.test(l.acknowledged().getNow(ListenFilter.NONE)));
    }

    /** {@code notifications/subscriptions/acknowledged}: to the stream it names. */
    void acknowledged(JsonNode params) {
        JsonNode id = params == null ? null : params.path("_meta").get(META_SUBSCRIPTION);
        if (id == null || !(id.isString() || id.isIntegralNumber())) {
            return;
        }
        ListenFilter honoured = ListenFilter.acknowledged(params);
        Listening listening;
        synchronized (early) {
            listening = live.get(id.toString());
            if (listening == null) {
                if (early.size() == MAX_EARLY) {
                    early.remove(early.keySet().iterator().next());
                }
                early.put(id.toString(), honoured);
            }
        }
        if (listening != null) {
            listening.acknowledge(honoured);
        }
    }

    /**
     * A {@code notifications/cancelled} from the server that named none of its own requests: on
     * stdio a 2026-07-28 server ends a listen stream so. Returns whether it named one.
     */
    boolean cancelled(JsonNode params) {
        Listening listening = named(params == null ? null : params.get("requestId"));
        if (listening == null) {
            return false;
        }
        listening.endedByServer("the server ended the subscription (notifications/cancelled)");
        return true;
    }

    /** Ends every stream from Tether's side. */
    void cancelAll() {
        live.values().forEach(Listening::cancel);
    }

    private Listening named(JsonNode id) {
        return id == null || !(id.isString() || id.isIntegralNumber()) ? null : live.get(id.toString());
    }
}
