package dev.tether.config.policy;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The entries of the managed settings' {@code allowedMcpServers} and {@code deniedMcpServers}:
 * each exactly one of {@code {"serverName": "…"}}, {@code {"serverCommand": [program, args…]}}
 * and {@code {"serverUrl": "glob"}}; an allow entry's {@code serverCommand} may add
 * {@code "serverEnv": {NAME: value}} (variables that change what runs, which it then covers) and
 * {@code "serverCwd": "/abs/dir"} (the directory its relative words mean).
 */
final class ManagedRules {
    private static final List<String> KINDS = List.of("serverName", "serverCommand", "serverUrl");

    private ManagedRules() {}

    /**
     * An invalid deny entry fails the whole file (what it meant to block is unknown); an invalid
     * allow entry is skipped with a warning (it only allows less).
     */
    static List<ManagedPolicy.Rule> read(JsonNode list, Path file, String key, boolean deny, List<ConfigWarning> warnings)
            throws McpConfig.InvalidConfig {
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new McpConfig.InvalidConfig(key + " must be an array");
        }
        List<ManagedPolicy.Rule> out = new ArrayList<>();
        int index = 0;
        for (JsonNode item : list) {
            String where = key + "[" + index++ + "]";
            try {
                out.add(rule(item, where, deny));
            } catch (McpConfig.InvalidConfig e) {
                if (deny) {
                    throw e;
                }
                warnings.add(ConfigWarning.of(file.toString(), null, file + ": " + e.getMessage() + "; it allows nothing"));
            }
        }
        return out;
    }

    /**
     * One entry: exactly one of {@code serverName}, {@code serverCommand}, {@code serverUrl}; an
     * allow entry's {@code serverCommand} may add {@code serverEnv} and {@code serverCwd}.
     */
    private static ManagedPolicy.Rule rule(JsonNode item, String where, boolean deny) throws McpConfig.InvalidConfig {
        if (!item.isObject()) {
            throw new McpConfig.InvalidConfig(where + " must be an object with one of serverName, serverCommand, serverUrl");
        }
        List<String> kinds = KINDS.stream().filter(item::has).toList();
        if (kinds.size() != 1) {
            throw new McpConfig.InvalidConfig(where + " must have exactly one of serverName, serverCommand, serverUrl");
        }
        for (var field : item.properties()) {
            String key = field.getKey();
            boolean narrowing = key.equals("serverEnv") || key.equals("serverCwd");
            if (narrowing && (deny || !kinds.contains("serverCommand"))) {
                throw new McpConfig.InvalidConfig(where + "." + key + " only narrows a serverCommand entry of allowedMcpServers");
            }
            if (!narrowing && !KINDS.contains(key)) {
                throw new McpConfig.InvalidConfig(where + " has unknown key \"" + key + "\"");
            }
        }
        JsonNode value = item.get(kinds.getFirst());
        try {
            return switch (kinds.getFirst()) {
                case "serverName" -> new ManagedPolicy.Rule.Name(text(value, where + ".serverName"));
                case "serverUrl" -> new ManagedPolicy.Rule.Url(UrlPattern.parse(text(value, where + ".serverUrl")));
                default -> new ManagedPolicy.Rule.Command(new CommandPattern(words(value, where + ".serverCommand"),
                        variables(item.get("serverEnv"), where + ".serverEnv"), directory(item.get("serverCwd"), where + ".serverCwd")));
            };
        } catch (InvalidRule e) {
            throw new McpConfig.InvalidConfig(where + ".serverUrl " + e.getMessage());
        }
    }

    private static String text(JsonNode value, String where) throws McpConfig.InvalidConfig {
        if (!value.isString() || value.asString().isBlank()) {
            throw new McpConfig.InvalidConfig(where + " must be a non-empty string");
        }
        return value.asString();
    }

    private static List<String> words(JsonNode value, String where) throws McpConfig.InvalidConfig {
        if (!value.isArray() || value.isEmpty()) {
            throw new McpConfig.InvalidConfig(where + " must be a non-empty array of strings");
        }
        List<String> words = new ArrayList<>();
        for (JsonNode word : value) {
            if (!word.isString()) {
                throw new McpConfig.InvalidConfig(where + " must be an array of strings");
            }
            words.add(word.asString());
        }
        if (words.getFirst().isBlank()) {
            throw new McpConfig.InvalidConfig(where + " must start with the program");
        }
        return words;
    }

    private static Map<String, String> variables(JsonNode value, String where) throws McpConfig.InvalidConfig {
        if (value == null) {
            return Map.of();
        }
        if (!value.isObject()) {
            throw new McpConfig.InvalidConfig(where + " must be an object of variable names to values");
        }
        Map<String, String> out = new LinkedHashMap<>();
        for (var entry : value.properties()) {
            if (entry.getKey().isEmpty() || !entry.getValue().isString()) {
                throw new McpConfig.InvalidConfig(where + " must be an object of variable names to string values");
            }
            out.put(entry.getKey(), entry.getValue().asString());
        }
        return out;
    }

    private static Path directory(JsonNode value, String where) throws McpConfig.InvalidConfig {
        if (value == null) {
            return null;
        }
        try {
            Path dir = Path.of(text(value, where));
            if (dir.isAbsolute()) {
                return dir;
            }
        } catch (InvalidPathException e) {
            // Reported below.
        }
        throw new McpConfig.InvalidConfig(where + " must be an absolute directory");
    }
}
