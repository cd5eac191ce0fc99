package dev.tether.config.files;

import dev.tether.json.Json;
import java.util.Iterator;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * JSON laid out as JavaScript's {@code JSON.stringify(value, null, 2)} lays it out: two spaces per
 * level, {@code "key": value}, one array item per line, {@code {}} and {@code []} when empty. Claude
 * Code writes {@code .mcp.json} this way, so an edit by {@code tether mcp} shows as a small diff.
 */
public final class JsonText {
    private JsonText() {}

    public static String pretty(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out, "");
        return out.toString();
    }

    private static void write(JsonNode node, StringBuilder out, String indent) {
        String inner = indent + "  ";
        if (node.isObject()) {
            if (node.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append("{\n");
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                out.append(inner).append(Json.write(field.getKey())).append(": ");
                write(field.getValue(), out, inner);
                out.append(fields.hasNext() ? ",\n" : "\n");
            }
            out.append(indent).append('}');
        } else if (node.isArray()) {
            if (node.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append("[\n");
            for (int i = 0; i < node.size(); i++) {
                out.append(inner);
                write(node.get(i), out, inner);
                out.append(i + 1 < node.size() ? ",\n" : "\n");
            }
            out.append(indent).append(']');
        } else {
            out.append(node.isBigDecimal() ? node.decimalValue().toString() : Json.write(node));
        }
    }
}
