package dev.tether.mcp.catalog;

import java.util.List;

/**
 * One complete, validated catalog of a server, with the connection's catalog revision at which
 * it was committed (0 = nothing fetched yet). Immutable.
 */
public record Catalog<T>(List<T> items, long revision) {
    public Catalog {
        items = List.copyOf(items);
    }

    public static <T> Catalog<T> empty() {
        return new Catalog<>(List.of(), 0);
    }
}
