package dev.tether.mcp.interaction.elicitation;

import dev.tether.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A server's request for input, already checked (a form schema within the allowed subset, a URL
 * that is http(s) without credentials) and sanitised.
 *
 * @param server          the server's name in this session
 * @param mode            {@code form} or {@code url}
 * @param message         what the server says it needs (sanitised, bounded)
 * @param requestedSchema the form's schema (form mode), else null
 * @param url             the page to open (url mode), else null
 * @param elicitationId   the server's id (url mode), else null
 * @param toolCallId      the ACP tool call this belongs to, when exactly one call to the server is in flight; else null
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/client/elicitation">MCP elicitation</a>
 */
public record Elicitation(String server, String mode, String message, JsonNode requestedSchema, String url,
                          String elicitationId, String toolCallId) {
    public static final String FORM = "form";
    public static final String URL = "url";

    /** The form's defaults by field name, to pre-fill it (empty in url mode or when there are none). */
    public ObjectNode defaults() {
        ObjectNode defaults = Json.object();
        JsonNode properties = requestedSchema == null ? null : requestedSchema.get("properties");
        if (properties != null) {
            for (var property : properties.properties()) {
                JsonNode value = property.getValue().get("default");
                if (value != null) {
                    defaults.set(property.getKey(), value.deepCopy());
                }
            }
        }
        return defaults;
    }

    /** The host of the URL (url mode), as the user must see it; else null. */
    public String urlHost() {
        return url == null ? null : java.net.URI.create(url).getHost();
    }
}
