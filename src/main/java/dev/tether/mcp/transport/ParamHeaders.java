package dev.tether.mcp.transport;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Tool parameters a 2026-07-28 server marks with {@code x-mcp-header} in a tool's input schema:
 * the client mirrors each such argument of a {@code tools/call} into an {@code Mcp-Param-<name>}
 * header. A tool whose marks break the rules (a name that is not an HTTP token, the same name
 * twice, a mark on a property that is not a string, number, integer or boolean) is not offered.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http">MCP streamable HTTP</a>
 */
public final class ParamHeaders {
    static final String MARK = "x-mcp-header";
    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}");
    private static final Set<String> PRIMITIVE = Set.of("string", "integer", "number", "boolean");
    private static final int MAX_MARKS = 32;

    /** One mirrored parameter: the argument {@code property} goes out as {@code Mcp-Param-<header>}. */
    public record Binding(String property, String header) {}

    /** What a tool's input schema asks for: its bindings, or why the tool cannot be offered ({@code problem}). */
    public record Scan(List<Binding> bindings, String problem) {
        public Scan {
            bindings = List.copyOf(bindings);
        }
    }

    private ParamHeaders() {}

    /** Reads the marks of {@code inputSchema}'s top-level properties. */
    public static Scan scan(JsonNode inputSchema) {
        JsonNode properties = inputSchema == null ? null : inputSchema.get("properties");
        List<Binding> bindings = new ArrayList<>();
        if (properties == null || !properties.isObject()) {
            return new Scan(bindings, null);
        }
        Set<String> seen = new HashSet<>();
        for (Map.Entry<String, JsonNode> entry : properties.properties()) {
            JsonNode mark = entry.getValue() == null ? null : entry.getValue().get(MARK);
            if (mark == null) {
                continue;
            }
            String property = entry.getKey();
            if (!mark.isString() || !TOKEN.matcher(mark.asString()).matches()) {
                return new Scan(List.of(), "parameter \"" + printable(property) + "\" has an x-mcp-header that is not an HTTP token");
            }
            String header = mark.asString();
            if (!seen.add(header.toLowerCase(Locale.ROOT))) {
                return new Scan(List.of(), "x-mcp-header \"" + header + "\" is used twice");
            }
            JsonNode type = entry.getValue().get("type");
            if (type == null || !type.isString() || !PRIMITIVE.contains(type.asString())) {
                return new Scan(List.of(), "parameter \"" + printable(property) + "\" has an x-mcp-header but is not a string,"
                        + " number, integer or boolean");
            }
            if (bindings.size() == MAX_MARKS) {
                return new Scan(List.of(), "more than " + MAX_MARKS + " x-mcp-header parameters");
            }
            bindings.add(new Binding(property, header));
        }
        return new Scan(bindings, null);
    }

    /** The {@code Mcp-Param-*} headers of one call's {@code arguments}; a missing or null argument sends none. */
    static Map<String, String> headers(List<Binding> bindings, JsonNode arguments) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (Binding binding : bindings) {
            JsonNode value = arguments == null ? null : arguments.get(binding.property());
            String text = value == null || value.isNull() ? null
                    : value.isString() ? value.asString()
                    : value.isBoolean() || value.isNumber() ? value.toString() : null;
            if (text != null) {
                headers.put("Mcp-Param-" + binding.header(), ModernHeaders.encode(text));
            }
        }
        return headers;
    }

    private static String printable(String text) {
        String cut = text.length() > 40 ? text.substring(0, 40) + "…" : text;
        return cut.replaceAll("[^\\x20-\\x7E]", "?");
    }
}
