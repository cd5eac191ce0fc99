package dev.tether.mcp.transport;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The HTTP headers of an MCP 2026-07-28 request, mirrored from its body so that gateways can route
 * without parsing it: {@code MCP-Protocol-Version} (from {@code _meta}), {@code Mcp-Method} and
 * {@code Mcp-Name} (the tool or prompt name, the resource URI, or the task id of a request of the
 * tasks extension). A message without the
 * 2026-07-28 envelope gets none. Values that cannot ride as plain header text are encoded.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http">MCP streamable HTTP</a>
 */
public final class ModernHeaders {
    static final String VERSION_KEY = "io.modelcontextprotocol/protocolVersion";

    private ModernHeaders() {}

    /** The headers for {@code message}, in order; empty for a message of an earlier revision or a response. */
    public static Map<String, String> of(JsonNode message) {
        Map<String, String> headers = new LinkedHashMap<>();
        JsonNode params = message.get("params");
        JsonNode version = params == null ? null : params.path("_meta").get(VERSION_KEY);
        String method = message.path("method").asString(null);
        if (version == null || !version.isString() || method == null) {
            return headers;
        }
        headers.put("MCP-Protocol-Version", encode(version.asString()));
        headers.put("Mcp-Method", encode(method));
        String name = switch (method) {
            case "tools/call", "prompts/get" -> params.path("name").asString(null);
            case "resources/read" -> params.path("uri").asString(null);
            // The tasks extension's routing header: gateways send every request of a task to the instance that holds it.
            case "tasks/get", "tasks/update", "tasks/cancel" -> params.path("taskId").asString(null);
            default -> null;
        };
        if (name != null) {
            headers.put("Mcp-Name", encode(name));
        }
        return headers;
    }

    /**
     * A header value as the spec writes it: printable ASCII without surrounding whitespace as is;
     * anything else, or text that looks like the encoded form, as {@code =?base64?…?=} of its UTF-8.
     */
    public static String encode(String value) {
        boolean plain = value.strip().equals(value)
                && !(value.startsWith("=?base64?") && value.endsWith("?="));
        for (int i = 0; plain && i < value.length(); i++) {
            char c = value.charAt(i);
            plain = c >= 0x20 && c <= 0x7E;
        }
        return plain ? value : "=?base64?" + Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8)) + "?=";
    }
}
