package dev.tether.mcp.client;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.catalog.CacheHint;
import dev.tether.mcp.catalog.CatalogBounds;
import dev.tether.mcp.catalog.CatalogFetcher;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The list requests of one {@link McpClientSession}: pages of {@code tools/list},
 * {@code resources/list}, … with the cache hint ({@code ttlMs}, {@code cacheScope}) each list
 * carried, and {@code tools/list} whole, read and filtered as the session's revision says (the task
 * support of a tool that states none; the tools it does not offer).
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination">MCP pagination</a>
 */
final class ListPages {
    private final RequestSender sender;
    private final Map<String, CacheHint> cacheHints = new ConcurrentHashMap<>();

    ListPages(RequestSender sender) {
        this.sender = sender;
    }

    /** The cache hint of the last {@code method} list, or null when it carried none. */
    CacheHint cacheHint(String method) {
        return cacheHints.get(method);
    }

    /** One page of a list method, with the size of its JSON. */
    CatalogFetcher.Page page(String method, String capability, String cursor, Duration timeout, Cancellation cancellation) {
        sender.revision().require(capability, method);
        ObjectNode params = Json.object();
        if (cursor != null) {
            params.put("cursor", cursor);
        }
        JsonNode result = sender.send(method, params, timeout, McpError.Timeout.Kind.LIST, cancellation);
        CacheHint hint = CacheHint.of(result);
        // The first page starts a fetch; the list lives as long as its shortest-lived page.
        cacheHints.compute(method, (m, was) -> cursor == null ? hint : CacheHint.shorter(was, hint));
        return new CatalogFetcher.Page(result, result == null ? 0 : Json.write(result).getBytes(StandardCharsets.UTF_8).length);
    }

    /** Every tool within {@code bounds}; fails whole. */
    List<McpToolInfo> tools(CatalogBounds bounds, Duration pageTimeout, Cancellation cancellation) {
        Revision revision = sender.revision();
        revision.require("tools", "tools/list");
        McpToolInfo.TaskSupport unstated = revision.unstatedTaskSupport();
        List<McpToolInfo> listed = new CatalogFetcher<>("tools/list", "tools", node -> McpWire.tool(node, unstated),
                McpToolInfo::name, bounds)
                .fetch(cursor -> page("tools/list", "tools", cursor, pageTimeout, cancellation));
        return revision.offerable(listed);
    }
}
