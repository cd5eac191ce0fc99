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
 * {@code SubscriptionFilter}): list changes of the kinds the server declared it announces, updates
 * of the resources Tether subscribed to while the server declared {@code resources.subscribe}, and
 * ({@code taskIds}, the tasks extension's addition) {@code notifications/tasks} for the server's
 * tasks Tether is watching, when the server declared the extension.
 * A server must not send a kind that was not asked for, so nothing undeclared is asked for.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/schema#subscriptionslistenrequest">MCP 2026-07-28 schema: subscriptions/listen</a>
 * @see <a href="https://modelcontextprotocol.io/extensions/tasks">MCP tasks extension (SEP-2663)</a>
 */
public record ListenFilter(boolean tools, boolean prompts, boolean resources, List<String> resourceUris, List<String> taskIds) {
    /** The most resource URIs one stream carries; more are left out (and logged by the caller). */
    public static final int MAX_RESOURCE_URIS = 256;
    /** The longest URI carried. */
    static final int MAX_URI_CHARS = 2048;
    /** The most task ids one stream carries; the tasks left out are still polled. */
    public static final int MAX_TASK_IDS = 64;
    /** The longest task id carried (a longer one is the server's and is not echoed). */
    static final int MAX_TASK_ID_CHARS = 256;
    public static final ListenFilter NONE = new ListenFilter(false, false, false, List.of());

    public ListenFilter {
        resourceUris = List.copyOf(resourceUris);
        taskIds = List.copyOf(taskIds);
    }

    public ListenFilter(boolean tools, boolean prompts, boolean resources, List<String> resourceUris) {
        this(tools, prompts, resources, resourceUris, List.of());
    }

    /**
     * The filter for a server that declared {@code capabilities}, with the resources Tether wants
     * updates for ({@code uris}, in order; bounded by {@link #MAX_RESOURCE_URIS}).
     */
    public static ListenFilter of(JsonNode capabilities, Collection<String> uris) {
        return of(capabilities, uris, List.of());
    }

    /**
     * As above, with {@code notifications/tasks} for the server's tasks {@code tasks} (their server
     * ids, in order; bounded by {@link #MAX_TASK_IDS}) when the server declared the tasks extension.
     */
    public static ListenFilter of(JsonNode capabilities, Collection<String> uris, Collection<String> tasks) {
        JsonNode caps = capabilities == null ? Json.object() : capabilities;
        List<String> watched = ExtensionTasks.declared(caps) ? bounded(tasks, MAX_TASK_IDS, MAX_TASK_ID_CHARS) : List.of();
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
        return new ListenFilter(listChanged(caps, "tools"), listChanged(caps, "prompts"), listChanged(caps, "resources"), kept,
                watched);
    }

    private static List<String> bounded(Collection<String> values, int most, int longest) {
        return values.stream().filter(v -> v != null && !v.isEmpty() && v.length() <= longest).distinct().limit(most).toList();
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
        List<String> tasks = new ArrayList<>();
        JsonNode ids = honoured.get("taskIds");
        if (ids != null && ids.isArray()) {
            ids.valueStream().filter(JsonNode::isString).map(JsonNode::asString).forEach(tasks::add);
        }
        return new ListenFilter(flag(honoured, "toolsListChanged"), flag(honoured, "promptsListChanged"),
                flag(honoured, "resourcesListChanged"), uris, bounded(tasks, MAX_TASK_IDS, MAX_TASK_ID_CHARS));
    }

    /** Nothing to listen for: no stream is opened. */
    public boolean isEmpty() {
        return !tools && !prompts && !resources && resourceUris.isEmpty() && taskIds.isEmpty();
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
        if (!taskIds.isEmpty()) {
            ArrayNode ids = json.putArray("taskIds");
            taskIds.forEach(ids::add);
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
