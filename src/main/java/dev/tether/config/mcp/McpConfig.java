package dev.tether.config.mcp;

import dev.tether.config.schema.ConfigSchema;
import dev.tether.config.schema.DidYouMean;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.settings.McpServerPolicy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * MCP server declarations in the common {@code {"mcpServers": {name: {...}}}} shape, as used by the
 * config file, {@code --mcp-config} (a file or inline JSON), the managed settings and Claude Code's
 * {@code .mcp.json} ({@code type} stdio, http, sse or ws). A relative stdio {@code cwd} resolves
 * against the directory of the file that declared it. Reading is lenient: an invalid entry is a
 * {@link ConfigWarning} naming the source and the entry, and the other entries still count.
 */
public final class McpConfig {
    private McpConfig() {}

    /** A configuration that cannot be used, with a readable reason. */
    public static final class InvalidConfig extends Exception {
        public InvalidConfig(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * Servers, the user's policy for each (by server name), and the names an entry marks
     * {@code "disabled": true}.
     */
    public record Declared(List<McpServerSpec> servers, Map<String, McpServerPolicy> policies, Set<String> disabled) {
        public static final Declared NONE = new Declared(List.of(), Map.of());

        public Declared {
            servers = List.copyOf(servers);
            policies = Map.copyOf(policies);
            disabled = Set.copyOf(disabled);
        }

        public Declared(List<McpServerSpec> servers, Map<String, McpServerPolicy> policies) {
            this(servers, policies, Set.of());
        }

        /** This declaration followed by {@code later}; a later server or policy of the same name wins. */
        public Declared then(Declared later) {
            List<McpServerSpec> all = new ArrayList<>(servers);
            all.addAll(later.servers);
            Map<String, McpServerPolicy> merged = new LinkedHashMap<>(policies);
            merged.putAll(later.policies);
            Set<String> off = new LinkedHashSet<>(disabled);
            later.servers.forEach(s -> off.remove(s.name()));
            off.addAll(later.disabled);
            return new Declared(all.stream().filter(s -> !later.disabled.contains(s.name())).toList(), merged, off);
        }
    }

    /** What a source declared, and what of it was skipped. */
    public record Parsed(Declared declared, List<ConfigWarning> warnings) {
        public Parsed {
            warnings = List.copyOf(warnings);
        }
    }

    /** Reads {@code --mcp-config}: inline JSON when it starts with '{', else a file path. */
    public static Parsed readArgument(String value, Path workingDir) {
        String trimmed = value.strip();
        if (trimmed.startsWith("{")) {
            return readText(trimmed, workingDir, "--mcp-config", McpServerSpec.Origin.USER_CONFIG);
        }
        Path file = workingDir.resolve(trimmed).normalize();
        return readFile(file, McpServerSpec.Origin.USER_CONFIG, true);
    }

    /**
     * Reads one file. A missing file is a warning only when {@code mustExist} (a file the user named);
     * an unreadable or invalid one always is.
     */
    public static Parsed readFile(Path file, McpServerSpec.Origin origin, boolean mustExist) {
        String text;
        try {
            text = Files.readString(file);
        } catch (java.nio.file.NoSuchFileException e) {
            return mustExist ? skipped(file.toString(), "cannot read MCP config " + file + ": no such file") : new Parsed(Declared.NONE, List.of());
        } catch (IOException | RuntimeException e) {
            return skipped(file.toString(), "cannot read MCP config " + file + ": " + e.getMessage());
        }
        Path base = file.getParent() == null ? Path.of("").toAbsolutePath() : file.getParent();
        return readText(text, base, file.toString(), origin);
    }

    private static Parsed readText(String text, Path baseDir, String source, McpServerSpec.Origin origin) {
        JsonNode root;
        try {
            root = Json.parse(text);
        } catch (JacksonException e) {
            return skipped(source, source + " is not valid JSON"
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")") + "; ignoring it");
        }
        return read(root, baseDir, source, origin);
    }

    private static Parsed skipped(String source, String message) {
        return new Parsed(Declared.NONE, List.of(ConfigWarning.of(source, null, message)));
    }

    /** Reads {@code root.mcpServers}, entry by entry. */
    public static Parsed read(JsonNode root, Path baseDir, String source, McpServerSpec.Origin origin) {
        JsonNode servers = root == null ? null : root.get("mcpServers");
        if (servers == null || !servers.isObject()) {
            return skipped(source, source + ": expected an object {\"mcpServers\": {name: {...}}}; ignoring it");
        }
        List<McpServerSpec> specs = new ArrayList<>();
        Map<String, McpServerPolicy> policies = new LinkedHashMap<>();
        Set<String> disabled = new LinkedHashSet<>();
        List<ConfigWarning> warnings = new ArrayList<>();
        for (var entry : servers.properties()) {
            String name = entry.getKey();
            JsonNode node = entry.getValue();
            String where = source + ": server \"" + name + "\"";
            try {
                if (!node.isObject()) {
                    throw new InvalidConfig(where + " must be an object");
                }
                unknownKeys(node, where).forEach(text -> warnings.add(ConfigWarning.of(source, name, text)));
                if (origin != McpServerSpec.Origin.USER_CONFIG && policyOnly(node)) {
                    // Only the user's own config may hold pure policy entries; elsewhere such an entry starts nothing, silently.
                    warnings.add(ConfigWarning.of(source, name, where + " has neither \"command\" nor \"url\", so it starts nothing;"
                            + " give it a \"command\" (a program) or a \"url\" (a remote server)"));
                }
                boolean off = flag(node, "disabled", where);
                // An entry with neither command nor url only sets the policy (or disables) a server
                // declared elsewhere (typically by the editor, in session/new).
                McpServerSpec spec = policyOnly(node) ? null : server(name, node, baseDir, where, origin);
                McpServerPolicy policy = McpPolicyConfig.parse(node, where);
                if (off) {
                    disabled.add(name);
                } else if (spec != null) {
                    specs.add(spec);
                }
                if (!policy.equals(McpServerPolicy.DEFAULT)) {
                    if (origin == McpServerSpec.Origin.WORKSPACE) {
                        // A repository must not grant its own server sampling, roots or trusted annotations.
                        warnings.add(ConfigWarning.of(source, name, where + ": policy keys (toolHints, sampling, exposeRoots, "
                                + "trustAnnotations, …) are ignored in a workspace .mcp.json; set them in your config file"));
                    } else {
                        policies.put(name, policy);
                    }
                }
            } catch (InvalidConfig e) {
                warnings.add(ConfigWarning.of(source, name, e.getMessage() + "; skipping this server"));
            }
        }
        return new Parsed(new Declared(specs, policies, disabled), warnings);
    }

    /** The strict form, for {@code tether mcp}: the first problem fails the command. */
    public static Declared parse(JsonNode root, Path baseDir, String source) throws InvalidConfig {
        return strict(read(root, baseDir, source, McpServerSpec.Origin.USER_CONFIG));
    }

    private static Declared strict(Parsed parsed) throws InvalidConfig {
        if (!parsed.warnings().isEmpty()) {
            throw new InvalidConfig(parsed.warnings().getFirst().text().replace("; skipping this server", "").replace("; ignoring it", ""));
        }
        return parsed.declared();
    }

    /** A key no server entry has, with the closest one that does ("comand": did you mean "command"?). */
    private static List<String> unknownKeys(JsonNode node, String where) {
        Set<String> known = ConfigSchema.keysAt("mcpServers.*");
        List<String> problems = new ArrayList<>();
        for (String key : node.propertyNames()) {
            if (!known.contains(key)) {
                problems.add(where + ": unknown key \"" + key + "\"" + DidYouMean.hint(key, known) + "; ignoring it");
            }
        }
        return problems;
    }

    private static boolean policyOnly(JsonNode node) {
        return Stream.of("command", "args", "env", "cwd", "url", "type", "headers").noneMatch(node::has);
    }

    private static boolean flag(JsonNode node, String field, String where) throws InvalidConfig {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return false;
        }
        if (!value.isBoolean()) {
            throw new InvalidConfig(where + "." + field + " must be true or false");
        }
        return value.asBoolean();
    }

    private static McpServerSpec server(String name, JsonNode node, Path baseDir, String where, McpServerSpec.Origin origin)
            throws InvalidConfig {
        String type = node.path("type").asString(node.has("url") ? "http" : "stdio");
        return switch (type) {
            case "stdio" -> {
                String command = text(node, "command", where);
                String cwd = node.path("cwd").asString(null);
                Path dir = cwd == null ? null : baseDir.resolve(cwd).normalize();
                yield new McpServerSpec.Stdio(name, command, strings(node.get("args"), where + ".args"),
                        map(node.get("env"), where + ".env"), dir, origin);
            }
            case "http", "streamable-http", "streamableHttp" ->
                    new McpServerSpec.Http(name, text(node, "url", where), map(node.get("headers"), where + ".headers"), origin);
            case "sse" -> new McpServerSpec.Sse(name, text(node, "url", where), map(node.get("headers"), where + ".headers"), origin);
            case "ws", "websocket" ->
                    new McpServerSpec.WebSocket(name, text(node, "url", where), map(node.get("headers"), where + ".headers"), origin);
            default -> throw new InvalidConfig(where + " has unknown type \"" + type + "\"");
        };
    }

    private static String text(JsonNode node, String field, String where) throws InvalidConfig {
        JsonNode value = node.get(field);
        if (value == null || !value.isString() || value.asString().isBlank()) {
            throw new InvalidConfig(where + " needs a non-empty \"" + field + "\"");
        }
        return value.asString();
    }

    private static List<String> strings(JsonNode node, String where) throws InvalidConfig {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            throw new InvalidConfig(where + " must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode item : node) {
            if (!item.isString() && !item.isNumber() && !item.isBoolean()) {
                throw new InvalidConfig(where + " must be an array of strings");
            }
            out.add(item.asString());
        }
        return out;
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
