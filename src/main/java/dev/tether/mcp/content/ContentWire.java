package dev.tether.mcp.content;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Reads MCP resource, template and prompt list items into our records; throws to reject an item. */
public final class ContentWire {
    private ContentWire() {}

    public static McpResource resource(JsonNode node) {
        String uri = text(node, "uri");
        if (uri == null || uri.isEmpty()) {
            throw new IllegalArgumentException("a resource without a uri");
        }
        JsonNode size = node.get("size");
        return new McpResource(uri, text(node, "name"), text(node, "title"), text(node, "description"),
                text(node, "mimeType"), size != null && size.isIntegralNumber() ? size.asLong() : null);
    }

    public static McpResourceTemplate template(JsonNode node) {
        String uriTemplate = text(node, "uriTemplate");
        if (uriTemplate == null || uriTemplate.isEmpty()) {
            throw new IllegalArgumentException("a resource template without a uriTemplate");
        }
        return new McpResourceTemplate(uriTemplate, text(node, "name"), text(node, "title"), text(node, "description"),
                text(node, "mimeType"), UriTemplate.parse(uriTemplate));
    }

    public static McpPrompt prompt(JsonNode node) {
        String name = text(node, "name");
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a prompt without a name");
        }
        List<McpPrompt.Argument> arguments = new ArrayList<>();
        JsonNode args = node.get("arguments");
        if (args != null && args.isArray()) {
            for (JsonNode arg : args) {
                String argName = text(arg, "name");
                if (argName == null || argName.isEmpty()) {
                    throw new IllegalArgumentException("prompt \"" + name + "\" has an argument without a name");
                }
                if (arguments.stream().anyMatch(a -> a.name().equals(argName))) {
                    throw new IllegalArgumentException("prompt \"" + name + "\" declares the argument \"" + argName + "\" twice");
                }
                JsonNode required = arg.get("required");
                arguments.add(new McpPrompt.Argument(argName, text(arg, "description"),
                        required != null && required.isBoolean() && required.asBoolean()));
            }
        }
        return new McpPrompt(name, text(node, "title"), text(node, "description"), arguments);
    }

    public static String text(JsonNode node, String field) {
        JsonNode value = node == null ? null : node.get(field);
        return value != null && value.isString() ? value.asString() : null;
    }
}
