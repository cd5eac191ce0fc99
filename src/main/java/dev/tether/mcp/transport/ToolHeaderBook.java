package dev.tether.mcp.transport;

import dev.tether.json.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP transport's memory of which tool arguments a 2026-07-28 server wants mirrored as
 * {@code Mcp-Param-*} headers, learnt from the {@code tools/list} answers it relays (so the
 * client above needs no knowledge of HTTP). Bounded by the catalog: one entry per listed tool.
 */
final class ToolHeaderBook {
    private static final int MAX_TOOLS = 10_000;

    private final Set<String> listings = ConcurrentHashMap.newKeySet();
    private final Map<String, List<ParamHeaders.Binding>> byTool = new ConcurrentHashMap<>();

    /** {@code message} is about to be sent: a 2026 {@code tools/list} request is remembered by id. */
    void sending(JsonNode message, boolean modern) {
        if (modern && "tools/list".equals(message.path("method").asString(null)) && message.get("id") != null) {
            listings.add(Json.write(message.get("id")));
        }
    }

    /** {@code message} arrived: the answer to a remembered {@code tools/list} fills the book. */
    void received(JsonNode message) {
        JsonNode id = message.get("id");
        if (id == null || message.has("method") || !listings.remove(Json.write(id))) {
            return;
        }
        JsonNode tools = message.path("result").get("tools");
        if (tools == null || !tools.isArray()) {
            return;
        }
        for (JsonNode tool : tools) {
            String name = tool.path("name").asString(null);
            if (name == null || byTool.size() >= MAX_TOOLS && !byTool.containsKey(name)) {
                continue;
            }
            ParamHeaders.Scan scan = ParamHeaders.scan(tool.get("inputSchema"));
            if (scan.problem() == null && !scan.bindings().isEmpty()) {
                byTool.put(name, scan.bindings());
            } else {
                byTool.remove(name);
            }
        }
    }

    /** The {@code Mcp-Param-*} headers of a 2026 {@code tools/call}; empty for anything else. */
    Map<String, String> headers(JsonNode message) {
        if (!"tools/call".equals(message.path("method").asString(null))) {
            return Map.of();
        }
        JsonNode params = message.path("params");
        List<ParamHeaders.Binding> bindings = byTool.get(params.path("name").asString(""));
        return bindings == null ? Map.of() : new LinkedHashMap<>(ParamHeaders.headers(bindings, params.get("arguments")));
    }
}
