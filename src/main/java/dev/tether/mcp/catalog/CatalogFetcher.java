package dev.tether.mcp.catalog;

import dev.tether.mcp.api.McpError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * Fetches one paginated MCP list ({@code tools/list}, later {@code resources/list},
 * {@code resources/templates/list}, {@code prompts/list}) within {@link CatalogBounds}: pages,
 * items, repeated cursors, duplicate identities and total bytes. Any broken bound or invalid
 * item fails the whole fetch; the caller commits only a list this returns.
 *
 * @param <T> our record for one item
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination">MCP pagination</a>
 */
public final class CatalogFetcher<T> {

    /** One page request: {@code cursor} is null for the first page. A one-method seam over the session. */
    @FunctionalInterface
    public interface PageSource {
        Page fetch(String cursor);
    }

    /** One page's result object and the size of its JSON in bytes. */
    public record Page(JsonNode result, long bytes) {}

    private final String method;
    private final String field;
    private final Function<JsonNode, T> reader;
    private final Function<T, String> identity;
    private final CatalogBounds bounds;

    /**
     * @param method   the list method, for messages ({@code tools/list})
     * @param field    the array field of each page ({@code tools})
     * @param reader   turns one item into our record; throws to reject it
     * @param identity the item's raw identity (tool name, resource URI); unique within a catalog
     */
    public CatalogFetcher(String method, String field, Function<JsonNode, T> reader, Function<T, String> identity,
                          CatalogBounds bounds) {
        this.method = method;
        this.field = field;
        this.reader = reader;
        this.identity = identity;
        this.bounds = bounds;
    }

    /**
     * Follows cursors until the last page.
     *
     * @throws McpError.Refused a bound was broken (pages, bytes, items, a repeated cursor or identity)
     * @throws McpError.Malformed an item or a cursor was invalid, or an answer had no list
     */
    public List<T> fetch(PageSource source) {
        List<T> items = new ArrayList<>();
        Set<String> identities = new HashSet<>();
        Set<String> cursors = new HashSet<>();
        long bytes = 0;
        String cursor = null;
        for (int page = 1; ; page++) {
            if (page > bounds.maxPages()) {
                throw bound(method + " needed more than " + bounds.maxPages() + " pages");
            }
            Page answer = source.fetch(cursor);
            bytes += answer.bytes();
            if (bytes > bounds.maxBytes()) {
                throw bound(method + " sent more than " + bounds.maxBytes() + " bytes of JSON");
            }
            JsonNode array = answer.result() == null ? null : answer.result().get(field);
            if (array == null || !array.isArray()) {
                throw new McpError.Malformed(method + " answer has no " + field + " array");
            }
            for (JsonNode node : array) {
                T item;
                try {
                    item = reader.apply(node);
                } catch (RuntimeException e) {
                    throw new McpError.Malformed(method + " listed an invalid item: " + e.getMessage());
                }
                String id = identity.apply(item);
                if (!identities.add(id)) {
                    // Two items with one raw identity cannot both be addressed; which one a call reaches is undefined.
                    throw bound(method + " listed \"" + id + "\" twice");
                }
                items.add(item);
                if (items.size() > bounds.maxItems()) {
                    throw bound(method + " listed more than " + bounds.maxItems() + " items");
                }
            }
            JsonNode next = answer.result().get("nextCursor");
            if (next == null || next.isNull()) {
                return List.copyOf(items);
            }
            if (!next.isString()) {
                throw new McpError.Malformed(method + " sent a nextCursor that is not a string");
            }
            cursor = next.asString();
            if (!cursors.add(cursor)) {
                throw bound(method + " repeated the cursor \"" + cursor + "\"");
            }
        }
    }

    private static McpError bound(String message) {
        return new McpError.Refused(McpError.Refused.Ground.BOUND, message);
    }
}
