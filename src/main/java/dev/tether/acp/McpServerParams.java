package dev.tether.acp;

import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.mcp.api.McpServerSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Reads the {@code mcpServers} of {@code session/new}, {@code load} and {@code resume}.
 * Entries that are malformed are invalid params (the editor sent something broken); entries
 * that are merely unsupported are kept and fail visibly at connect time, never here.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup#mcp-servers">ACP MCP servers</a>
 */
final class McpServerParams {
    private static final McpServerSpec.Origin EDITOR = McpServerSpec.Origin.EDITOR;

    private McpServerParams() {}

    /** @param required a missing {@code mcpServers} is invalid params ({@code session/new}); {@code null} is always empty */
    static List<McpServerSpec> read(JsonNode params, boolean required) {
        JsonNode servers = params.get("mcpServers");
        if (servers == null) {
            if (required) {
                throw JsonRpcException.invalidParams("Invalid params: \"mcpServers\" is required (use [] for none)");
            }
            return List.of();
        }
        // ACP 1.25: a null list is read as an empty one (the schema's x-deserialize-default-on-null).
        if (servers.isNull()) {
            return List.of();
        }
        if (!servers.isArray()) {
            throw JsonRpcException.invalidParams("Invalid params: \"mcpServers\" must be an array");
        }
        List<McpServerSpec> specs = new ArrayList<>();
        int index = 0;
        for (JsonNode server : servers) {
            specs.add(one(server, index++));
        }
        return List.copyOf(specs);
    }

    private static McpServerSpec one(JsonNode server, int index) {
        String where = "mcpServers[" + index + "]";
        if (!server.isObject()) {
            throw JsonRpcException.invalidParams("Invalid params: " + where + " must be an object");
        }
        String name = field(server, "name", where);
        String type = server.path("type").asString("stdio");
        // The editor's values are used literally: ${VAR} in them is never expanded against Tether's environment.
        return switch (type) {
            case "http" -> new McpServerSpec.Http(name, field(server, "url", where), pairs(server.get("headers"), where + ".headers"), EDITOR);
            case "sse" -> new McpServerSpec.Sse(name, field(server, "url", where), pairs(server.get("headers"), where + ".headers"), EDITOR);
            case "stdio" -> new McpServerSpec.Stdio(name, field(server, "command", where), strings(server.get("args"), where + ".args"),
                    pairs(server.get("env"), where + ".env"), null, EDITOR);
            default -> throw JsonRpcException.invalidParams("Invalid params: " + where + " has unknown type \"" + type + "\"");
        };
    }

    private static String field(JsonNode node, String name, String where) {
        JsonNode value = node.get(name);
        if (value == null || !value.isString() || value.asString().isBlank()) {
            throw JsonRpcException.invalidParams("Invalid params: " + where + "." + name + " must be a non-empty string");
        }
        return value.asString();
    }

    private static List<String> strings(JsonNode array, String where) {
        if (array == null || array.isNull()) {
            return List.of();
        }
        if (!array.isArray()) {
            throw JsonRpcException.invalidParams("Invalid params: " + where + " must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : array) {
            if (!item.isString()) {
                throw JsonRpcException.invalidParams("Invalid params: " + where + " must be an array of strings");
            }
            out.add(item.asString());
        }
        return out;
    }

    /** ACP sends env and headers as [{name, value}]; a missing list means empty. */
    private static Map<String, String> pairs(JsonNode array, String where) {
        if (array == null || array.isNull()) {
            return Map.of();
        }
        if (!array.isArray()) {
            throw JsonRpcException.invalidParams("Invalid params: " + where + " must be an array of {name, value}");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (JsonNode item : array) {
            JsonNode n = item.get("name");
            JsonNode v = item.get("value");
            if (n == null || !n.isString() || v == null || !v.isString()) {
                throw JsonRpcException.invalidParams("Invalid params: " + where + " entries need string \"name\" and \"value\"");
            }
            out.put(n.asString(), v.asString());
        }
        return out;
    }
}
