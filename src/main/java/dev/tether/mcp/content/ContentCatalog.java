package dev.tether.mcp.content;

import java.util.List;

/**
 * A server's resources and resource templates, fetched in one batch and committed together at
 * {@code revision} (0 = nothing fetched yet). Immutable.
 */
public record ContentCatalog(List<McpResource> resources, List<McpResourceTemplate> templates, long revision) {
    public static final ContentCatalog EMPTY = new ContentCatalog(List.of(), List.of(), 0);

    public ContentCatalog {
        resources = List.copyOf(resources);
        templates = List.copyOf(templates);
    }

    /** The listed resource with this raw URI, or null. */
    public McpResource resource(String uri) {
        return resources.stream().filter(r -> r.uri().equals(uri)).findFirst().orElse(null);
    }

    /** The listed template with exactly this raw template string, or null. */
    public McpResourceTemplate template(String uriTemplate) {
        return templates.stream().filter(t -> t.uriTemplate().equals(uriTemplate)).findFirst().orElse(null);
    }

    /** Whether a read or subscription of {@code uri} stays inside what the server declared. */
    public boolean declares(String uri) {
        return resource(uri) != null || templates.stream().anyMatch(t -> t.matcher().matches(uri));
    }
}
