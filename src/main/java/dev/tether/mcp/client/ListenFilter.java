package dev.tether.mcp.client;

import dev.tether.json.Json;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What Tether opts into on a 2026-07-28 {@code subscriptions/listen} stream (the schema's
 * {@code SubscriptionFilter}): list changes of the kinds the server declared it announces, and
 * updates of the resources Tether subscribed to while the server declared {@code resources.subscribe}.
 * A server must not send a kind that was not asked for, so nothing undeclared is asked for.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/schema#subscriptionslistenrequest">MCP 2026-07-28 schema: subscriptions/listen</a>
 */
public record ListenFilter(boolean tools, boolean prompts, boolean resources, List<String> resourceUris) {
    /** The most resource URIs one stream carries; more are left out (and logged by the caller). */
    public static final int MAX_RESOURCE_URIS = 256;
    /** The longest URI carried. */
    static final int MAX_URI_CHARS = 2048;
    public static final ListenFilter NONE = new ListenFilter(false, false, false, List.of());

    public ListenFilter {
        resourceUris = List.copyOf(resourceUris);
    }

    /**
     * The filter for a server that declared {@code capabilities}, with the resources Tether wants
     * updates for ({@code uris}, in order; bounded by {@link #MAX_RESOURCE_URIS}).
     */
    public static ListenFilter of(JsonNode capabilities, Collection<String> uris) {
        JsonNode caps = capabilities == null ? Json.object() : capabilities;
        boolean subscribe = caps.path("resources").path("subscribe").asBoolean(false);
        List<String> kept = new ArrayList<>();
        if (subscribe) {
            for (String uri : uris) {
                if (kept.size() == MAX_RESOURCE_URIS) {
                    break;
                }
                if (uri != null && !uri.isEmpty() && uri.length() <= MAX_URI_CHARS && !kept.contains(uri)) {
                    kept.add(uri);
                }
            }
        }
        return new ListenFilter(listChanged(caps, "tools"), listChanged(caps, "prompts"), listChanged(caps, "resources"), kept);
    }

    /** What a {@code notifications/subscriptions/acknowledged} says the server honours; NONE when unreadable. */
    public static ListenFilter acknowledged(JsonNode params) {
        JsonNode honoured = params == null ? null : params.get("notifications");
        if (honoured == null || !honoured.isObject()) {
            return NONE;
        }
        List<String> uris = new ArrayList<>();
        JsonNode list = honoured.get("resourceSubscriptions");
        if (list != null && list.isArray()) {
            list.valueStream().filter(JsonNode::isString).map(JsonNode::asString)
                    .filter(u -> u.length() <= MAX_URI_CHARS).limit(MAX_RESOURCE_URIS).forEach(uris::add);
        }
        return new ListenFilter(flag(honoured, "toolsListChanged"), flag(honoured, "promptsListChanged"),
                flag(honoured, "resourcesListChanged"), uris);
    }

    /** Nothing to listen for: no stream is opened. */
    public boolean isEmpty() {
        return !tools && !prompts && !resources && resourceUris.isEmpty();
    }

    /** The request's {@code notifications} object: only the kinds opted into, as the schema writes them. */
    ObjectNode toJson() {
        ObjectNode json = Json.object();
        if (tools) {
            json.put("toolsListChanged", true);
        }
        if (prompts) {
            json.put("promptsListChanged", true);
        }
        if (resources) {
            json.put("resourcesListChanged", true);
        }
        if (!resourceUris.isEmpty()) {
            ArrayNode uris = json.putArray("resourceSubscriptions");
            resourceUris.forEach(uris::add);
        }
        return json;
    }

    private static boolean listChanged(JsonNode caps, String kind) {
        return caps.path(kind).isObject() && caps.path(kind).path("listChanged").asBoolean(false);
    }

    private static boolean flag(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && value.isBoolean() && value.asBoolean();
    }
}
