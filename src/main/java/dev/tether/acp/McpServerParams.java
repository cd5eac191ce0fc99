package dev.tether.acp;

import dev.tether.acp.schema.EnvVariable;
import dev.tether.acp.schema.McpServer;
import dev.tether.jsonrpc.JsonRpcException;
import dev.tether.mcp.api.McpServerSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import tools.jackson.databind.JsonNode;

/**
 * The {@code mcpServers} of {@code session/new}, {@code load} and {@code resume}: read by hand
 * with {@link SessionSetupJson}, and turned into the session's {@link McpServerSpec}s. Entries
 * that are malformed are invalid params (the editor sent something broken); entries that are
 * merely unsupported are kept and fail visibly at connect time, never here.
 *
 * @see <a href="https://agentclientprotocol.com/protocol/session-setup#mcp-servers">ACP MCP servers</a>
 */
final class McpServerParams {
    private static final McpServerSpec.Origin EDITOR = McpServerSpec.Origin.EDITOR;

    private McpServerParams() {}

    /**
     * The servers, each with its name, command or URL present and not blank; null when
     * {@code mcpServers} is absent, empty when it is null (ACP 1.25: x-deserialize-default-on-null).
     */
    static List<McpServer> read(JsonNode params) {
        JsonNode servers = params.get("mcpServers");
        if (servers == null) {
            return null;
        }
        if (servers.isNull()) {
            return List.of();
        }
        if (!servers.isArray()) {
            throw JsonRpcException.invalidParams("Invalid params: \"mcpServers\" must be an array");
        }
        List<McpServer> read = new ArrayList<>();
        int index = 0;
        for (JsonNode server : servers) {
            read.add(one(server, index++));
        }
        return List.copyOf(read);
    }

    /** The editor's servers as the session takes them. Its values are used literally: ${VAR} is never expanded against Tether's environment. */
    static List<McpServerSpec> specs(List<McpServer> servers) {
        List<McpServerSpec> specs = new ArrayList<>();
        for (McpServer server : servers) {
            specs.add(spec(server));
        }
        return List.copyOf(specs);
    }

    // Not a pattern switch: its first run spins a class (SwitchBootstraps) that the start-up cache
    // does not hold, on the path of the first session/new (-Xlog:class+load showed it).
    private static McpServerSpec spec(McpServer server) {
        if (server instanceof McpServer.Http http) {
            return new McpServerSpec.Http(http.name(), http.url(), pairs(http.headers()), EDITOR);
        }
        if (server instanceof McpServer.Sse sse) {
            return new McpServerSpec.Sse(sse.name(), sse.url(), pairs(sse.headers()), EDITOR);
        }
        McpServer.Stdio stdio = (McpServer.Stdio) server;
        return new McpServerSpec.Stdio(stdio.name(), stdio.command(), stdio.args(), variables(stdio.env()), null, EDITOR);
    }

    private static McpServer one(JsonNode server, int index) {
        String where = "mcpServers[" + index + "]";
        if (!server.isObject()) {
            throw JsonRpcException.invalidParams("Invalid params: " + where + " must be an object");
        }
        String name = field(server, "name", where);
        String type = server.path("type").asString("stdio");
        return switch (type) {
            case "http" -> new McpServer.Http(name, field(server, "url", where), headers(server.get("headers"), where + ".headers"));
            case "sse" -> new McpServer.Sse(name, field(server, "url", where), headers(server.get("headers"), where + ".headers"));
            case "stdio" -> new McpServer.Stdio(name, field(server, "command", where), strings(server.get("args"), where + ".args"),
                    env(server.get("env"), where + ".env"));
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
        String message = "Invalid params: " + where + " must be an array of strings";
        return Params.strings(array, message, message);
    }

    private static List<EnvVariable> env(JsonNode array, String where) {
        List<EnvVariable> env = new ArrayList<>();
        pairs(array, where, (name, value) -> env.add(new EnvVariable(name, value)));
        return List.copyOf(env);
    }

    private static List<McpServer.HttpHeader> headers(JsonNode array, String where) {
        List<McpServer.HttpHeader> headers = new ArrayList<>();
        pairs(array, where, (name, value) -> headers.add(new McpServer.HttpHeader(name, value)));
        return List.copyOf(headers);
    }

    /** ACP sends env and headers as [{name, value}]; a missing list means empty. */
    private static void pairs(JsonNode array, String where, BiConsumer<String, String> pair) {
        if (array == null || array.isNull()) {
            return;
        }
        if (!array.isArray()) {
            throw JsonRpcException.invalidParams("Invalid params: " + where + " must be an array of {name, value}");
        }
        for (JsonNode item : array) {
            JsonNode n = item.get("name");
            JsonNode v = item.get("value");
            if (n == null || !n.isString() || v == null || !v.isString()) {
                throw JsonRpcException.invalidParams("Invalid params: " + where + " entries need string \"name\" and \"value\"");
            }
            pair.accept(n.asString(), v.asString());
        }
    }

    /** A name given twice keeps its later value. */
    private static Map<String, String> variables(List<EnvVariable> env) {
        Map<String, String> out = new LinkedHashMap<>();
        env.forEach(v -> out.put(v.name(), v.value()));
        return out;
    }

    /** A name given twice keeps its later value. */
    private static Map<String, String> pairs(List<McpServer.HttpHeader> headers) {
        Map<String, String> out = new LinkedHashMap<>();
        headers.forEach(h -> out.put(h.name(), h.value()));
        return out;
    }
}
