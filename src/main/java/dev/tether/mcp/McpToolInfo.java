package dev.tether.mcp;

import tools.jackson.databind.JsonNode;

/**
 * A tool as an MCP server lists it, with its strings as sent (not yet sanitised).
 *
 * @param inputSchema  the JSON Schema of the arguments, or null when absent
 * @param outputSchema the JSON Schema of {@code structuredContent}, or null
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool">MCP Tool</a>
 */
public record McpToolInfo(String name, String title, String description, JsonNode inputSchema,
                          JsonNode outputSchema, Hints hints) {

    /** The tool's annotations; null means the server did not say. */
    public record Hints(String title, Boolean readOnly, Boolean destructive, Boolean idempotent, Boolean openWorld) {
        public static final Hints NONE = new Hints(null, null, null, null, null);

        /** These hints with every non-null field of {@code override} in place of their own. */
        public Hints overriddenBy(Hints override) {
            if (override == null) {
                return this;
            }
            return new Hints(override.title != null ? override.title : title,
                    override.readOnly != null ? override.readOnly : readOnly,
                    override.destructive != null ? override.destructive : destructive,
                    override.idempotent != null ? override.idempotent : idempotent,
                    override.openWorld != null ? override.openWorld : openWorld);
        }

        public boolean isReadOnly() {
            return Boolean.TRUE.equals(readOnly);
        }

        /** Only an explicit {@code destructiveHint: true} counts, and only for a tool that is not read-only (as the spec says). */
        public boolean isDestructive() {
            return !isReadOnly() && Boolean.TRUE.equals(destructive);
        }

        /** A call that may be sent again without a second effect. */
        public boolean isRetryable() {
            return isReadOnly() || Boolean.TRUE.equals(idempotent);
        }

        public boolean isOpenWorld() {
            return Boolean.TRUE.equals(openWorld);
        }
    }
}
