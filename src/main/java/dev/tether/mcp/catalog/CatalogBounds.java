package dev.tether.mcp.catalog;

/**
 * Limits on one catalog fetch ({@code tools/list} and, later, resources, templates and prompts).
 * A server past any of them is broken or hostile; the fetch fails whole.
 *
 * @param maxPages pages followed through {@code nextCursor}
 * @param maxItems items in the whole catalog of one server
 * @param maxBytes JSON bytes of all pages together
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination">MCP pagination</a>
 */
public record CatalogBounds(int maxPages, int maxItems, long maxBytes) {
    public static final int DEFAULT_MAX_PAGES = 50;
    public static final int DEFAULT_MAX_ITEMS = 2_000;
    public static final long DEFAULT_MAX_BYTES = 8L * 1024 * 1024;
    public static final CatalogBounds DEFAULT = new CatalogBounds(DEFAULT_MAX_PAGES, DEFAULT_MAX_ITEMS, DEFAULT_MAX_BYTES);

    public CatalogBounds {
        if (maxPages < 1 || maxItems < 0 || maxBytes < 1) {
            throw new IllegalArgumentException("catalog bounds must be positive");
        }
    }
}
