package dev.tether.config;

import dev.tether.json.Json;
import dev.tether.mcp.McpServerPolicy;
import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * MCP server declarations in the common {@code {"mcpServers": {name: {...}}}} shape, as
 * used by {@code --mcp-config} (a file or inline JSON) and {@code .mcp.json} files. A relative
 * stdio {@code cwd} resolves against the directory of the file that declared it.
 */
public final class McpConfig {
    private McpConfig() {}

    /** A configuration that cannot be used, with a readable reason. */
    public static final class InvalidConfig extends Exception {
        public InvalidConfig(String message) {
            super(message, null, false, false);
        }
    }

    /** Servers and the user's policy for each (by server name). */
    public record Declared(List<McpServerSpec> servers, Map<String, McpServerPolicy> policies) {
        public static final Declared NONE = new Declared(List.of(), Map.of());

        public Declared {
            servers = List.copyOf(servers);
            policies = Map.copyOf(policies);
        }

        /** This declaration followed by {@code later}; a later server or policy of the same name wins. */
        public Declared then(Declared later) {
            List<McpServerSpec> all = new ArrayList<>(servers);
            all.addAll(later.servers);
            Map<String, McpServerPolicy> merged = new LinkedHashMap<>(policies);
            merged.putAll(later.policies);
            return new Declared(all, merged);
        }
    }

    /** Reads {@code --mcp-config}: inline JSON when it starts with '{', else a file path. */
    static Declared fromArgument(String value, Path workingDir) throws InvalidConfig {
        String trimmed = value.strip();
        if (trimmed.startsWith("{")) {
            return parse(parseJson(trimmed, "--mcp-config"), workingDir, "--mcp-config");
        }
        Path file = workingDir.resolve(trimmed).normalize();
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new InvalidConfig("cannot read MCP config " + file + ": " + e.getMessage());
        }
        Path base = file.getParent() == null ? workingDir : file.getParent();
        return parse(parseJson(text, file.toString()), base, file.toString());
    }

    private static JsonNode parseJson(String text, String source) throws InvalidConfig {
        try {
            return Json.parse(text);
        } catch (JacksonException e) {
            throw new InvalidConfig(source + " is not valid JSON");
        }
    }

    static Declared parse(JsonNode root, Path baseDir, String source) throws InvalidConfig {
        JsonNode servers = root.get("mcpServers");
        if (servers == null || !servers.isObject()) {
            throw new InvalidConfig(source + ": expected an object {\"mcpServers\": {name: {...}}}");
        }
        List<McpServerSpec> specs = new ArrayList<>();
        Map<String, McpServerPolicy> policies = new LinkedHashMap<>();
        for (var entry : servers.properties()) {
            // An entry with neither command nor url only sets the policy of a server declared
            // elsewhere (typically by the editor, in session/new).
            if (!policyOnly(entry.getValue())) {
                specs.add(server(entry.getKey(), entry.getValue(), baseDir, source));
            }
            McpServerPolicy policy = McpPolicyConfig.parse(entry.getValue(), source + ": server \"" + entry.getKey() + "\"");
            if (!policy.equals(McpServerPolicy.DEFAULT)) {
                policies.put(entry.getKey(), policy);
            }
        }
        return new Declared(specs, policies);
    }

    private static boolean policyOnly(JsonNode node) {
        return node.isObject() && java.util.stream.Stream.of("command", "args", "env", "cwd", "url", "type", "headers")
                .noneMatch(node::has);
    }

    /** Only the user's own files and command line are read here, so their servers may expand {@code ${VAR}}. */
    private static final McpServerSpec.Origin USER = McpServerSpec.Origin.USER_CONFIG;

    private static McpServerSpec server(String name, JsonNode node, Path baseDir, String source) throws InvalidConfig {
        String where = source + ": server \"" + name + "\"";
        if (!node.isObject()) {
            throw new InvalidConfig(where + " must be an object");
        }
        String type = node.path("type").asString(node.has("url") ? "http" : "stdio");
        switch (type) {
            case "stdio" -> {
                String command = text(node, "command", where);
                List<String> args = new ArrayList<>();
                for (JsonNode arg : node.path("args")) {
                    args.add(arg.asString());
                }
                String cwd = node.path("cwd").asString(null);
                Path dir = cwd == null ? null : baseDir.resolve(cwd).normalize();
                return new McpServerSpec.Stdio(name, command, args, map(node.get("env"), where + ".env"), dir, USER);
            }
            case "http", "streamable-http", "streamableHttp" -> {
                return new McpServerSpec.Http(name, text(node, "url", where), map(node.get("headers"), where + ".headers"), USER);
            }
            case "sse" -> {
                return new McpServerSpec.Sse(name, text(node, "url", where), map(node.get("headers"), where + ".headers"), USER);
            }
            default -> throw new InvalidConfig(where + " has unknown type \"" + type + "\"");
        }
    }

    private static String text(JsonNode node, String field, String where) throws InvalidConfig {
        JsonNode value = node.get(field);
        if (value == null || !value.isString() || value.asString().isBlank()) {
            throw new InvalidConfig(where + " needs a non-empty \"" + field + "\"");
        }
        return value.asString();
    }

    private static Map<String, String> map(JsonNode node, String where) throws InvalidConfig {
        if (node == null || node.isNull()) {
            return Map.of();
        }
        if (!node.isObject()) {
            throw new InvalidConfig(where + " must be an object of strings");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (var entry : node.properties()) {
            if (!entry.getValue().isString()) {
                throw new InvalidConfig(where + "." + entry.getKey() + " must be a string");
            }
            out.put(entry.getKey(), entry.getValue().asString());
        }
        return out;
    }
}
