package dev.tether.config;

import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The administrator's MCP policy, from the managed settings file (Claude Code's keys):
 * {@code allowedMcpServers} and {@code deniedMcpServers}, each a list of {@code {"serverName"}},
 * {@code {"serverCommand": [command, args…]}} (exact) or {@code {"serverUrl": "glob"}} entries;
 * {@code mcpServers} (servers every session gets) and {@code exclusiveMcpServers} (only those).
 * Deny wins; no allow list allows every server, an empty one none. When the allow list has any
 * {@code serverCommand} entry a stdio server must match one of them, and when it has any
 * {@code serverUrl} entry a remote server must match one of those; otherwise a name match counts.
 *
 * <p>The file fails safe: one that exists but cannot be read or understood blocks every server.
 *
 * @param lockedDown why every server is blocked (a broken file), or null
 */
public record ManagedPolicy(Path file, List<Rule> allow, List<Rule> deny, boolean exclusive, McpConfig.Declared servers,
                            String lockedDown, List<ConfigWarning> warnings) {
    /** No managed settings file: every server is allowed. */
    public static final ManagedPolicy NONE = new ManagedPolicy(null, null, List.of(), false, McpConfig.Declared.NONE, null, List.of());

    public ManagedPolicy {
        allow = allow == null ? null : List.copyOf(allow);
        deny = List.copyOf(deny);
        warnings = List.copyOf(warnings);
    }

    /** One allow or deny entry. */
    public sealed interface Rule {
        record Name(String name) implements Rule {}

        record Command(List<String> command) implements Rule {
            public Command {
                command = List.copyOf(command);
            }
        }

        record Url(String glob) implements Rule {}
    }

    /** The managed settings file: {@code TETHER_MANAGED_SETTINGS}, else the system path of the OS. */
    public static Path location(Map<String, String> env, String osName) {
        String set = env.get("TETHER_MANAGED_SETTINGS");
        if (set != null && !set.isBlank()) {
            return Path.of(set);
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("mac") || os.startsWith("darwin")) {
            return Path.of("/Library/Application Support/Tether/managed-settings.json");
        }
        if (os.startsWith("windows")) {
            return Path.of("C:\\ProgramData\\Tether\\managed-settings.json");
        }
        return Path.of("/etc/tether/managed-settings.json");
    }

    /** Reads the file; a missing file is no policy, a broken one blocks every server. */
    public static ManagedPolicy load(Path file) {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            return NONE;
        } catch (IOException | RuntimeException e) {
            return lockedDown(file, "the managed settings file " + file + " cannot be read (" + e.getMessage() + ")");
        }
        JsonNode root;
        try {
            root = Json.parse(text);
        } catch (JacksonException e) {
            return lockedDown(file, "the managed settings file " + file + " is not valid JSON");
        }
        if (!root.isObject()) {
            return lockedDown(file, "the managed settings file " + file + " is not a JSON object");
        }
        List<ConfigWarning> warnings = new ArrayList<>();
        try {
            List<Rule> deny = rules(root.get("deniedMcpServers"), file, "deniedMcpServers", true, warnings);
            List<Rule> allow = root.has("allowedMcpServers") && !root.get("allowedMcpServers").isNull()
                    ? rules(root.get("allowedMcpServers"), file, "allowedMcpServers", false, warnings) : null;
            JsonNode exclusive = root.get("exclusiveMcpServers");
            if (exclusive != null && !exclusive.isBoolean()) {
                throw new McpConfig.InvalidConfig("exclusiveMcpServers must be true or false");
            }
            McpConfig.Declared servers = McpConfig.Declared.NONE;
            if (root.has("mcpServers")) {
                McpConfig.Parsed parsed = McpConfig.read(root, file.getParent(), file.toString(), McpServerSpec.Origin.USER_CONFIG);
                servers = parsed.declared();
                warnings.addAll(parsed.warnings());
            }
            return new ManagedPolicy(file, allow, deny, exclusive != null && exclusive.asBoolean(), servers, null, warnings);
        } catch (McpConfig.InvalidConfig e) {
            return lockedDown(file, "the managed settings file " + file + ": " + e.getMessage());
        }
    }

    private static ManagedPolicy lockedDown(Path file, String why) {
        String reason = why + "; every MCP server is blocked until it is fixed";
        return new ManagedPolicy(file, List.of(), List.of(), false, McpConfig.Declared.NONE, reason,
                List.of(ConfigWarning.of(file.toString(), null, reason)));
    }

    /**
     * An invalid deny entry fails the whole file (what it meant to block is unknown); an invalid
     * allow entry is skipped with a warning (it only allows less).
     */
    private static List<Rule> rules(JsonNode list, Path file, String key, boolean strict, List<ConfigWarning> warnings)
            throws McpConfig.InvalidConfig {
        if (list == null || list.isNull()) {
            return List.of();
        }
        if (!list.isArray()) {
            throw new McpConfig.InvalidConfig(key + " must be an array");
        }
        List<Rule> out = new ArrayList<>();
        int index = 0;
        for (JsonNode item : list) {
            String where = key + "[" + index++ + "]";
            try {
                out.add(rule(item, where));
            } catch (McpConfig.InvalidConfig e) {
                if (strict) {
                    throw e;
                }
                warnings.add(ConfigWarning.of(file.toString(), null, file + ": " + e.getMessage() + "; it allows nothing"));
            }
        }
        return out;
    }

    private static Rule rule(JsonNode item, String where) throws McpConfig.InvalidConfig {
        if (!item.isObject() || item.size() != 1) {
            throw new McpConfig.InvalidConfig(where + " must have exactly one of serverName, serverCommand, serverUrl");
        }
        JsonNode name = item.get("serverName");
        JsonNode command = item.get("serverCommand");
        JsonNode url = item.get("serverUrl");
        if (name != null && name.isString() && !name.asString().isBlank()) {
            return new Rule.Name(name.asString());
        }
        if (url != null && url.isString() && !url.asString().isBlank()) {
            return new Rule.Url(url.asString());
        }
        if (command != null && command.isArray() && !command.isEmpty()) {
            List<String> words = new ArrayList<>();
            for (JsonNode word : command) {
                if (!word.isString()) {
                    throw new McpConfig.InvalidConfig(where + ".serverCommand must be an array of strings");
                }
                words.add(word.asString());
            }
            return new Rule.Command(words);
        }
        throw new McpConfig.InvalidConfig(where + " must have exactly one of serverName, serverCommand (a non-empty array), serverUrl");
    }

    /**
     * Why {@code spec} may not run, or null when it may. {@code expanded} is the server as it would
     * run ({@code ${VAR}} expanded): command and URL rules look at both forms, so a reference cannot
     * hide a denied command, and an allowed command must be what actually runs.
     */
    public String blocked(McpServerSpec spec, McpServerSpec expanded) {
        if (lockedDown != null) {
            return "blocked by the managed policy: " + lockedDown;
        }
        for (Rule rule : deny) {
            if (matches(rule, spec) || matches(rule, expanded)) {
                return "blocked by the managed policy (deniedMcpServers in " + file + ")";
            }
        }
        if (allow == null) {
            return null;
        }
        boolean stdio = spec instanceof McpServerSpec.Stdio;
        boolean byCommand = allow.stream().anyMatch(Rule.Command.class::isInstance);
        boolean byUrl = allow.stream().anyMatch(Rule.Url.class::isInstance);
        boolean strictKind = stdio ? byCommand : byUrl;
        for (Rule rule : allow) {
            boolean counts = switch (rule) {
                case Rule.Name n -> !strictKind;
                case Rule.Command c -> stdio;
                case Rule.Url u -> !stdio;
            };
            if (counts && matches(rule, expanded) && (rule instanceof Rule.Name || matches(rule, spec))) {
                return null;
            }
        }
        return "blocked by the managed policy (not in allowedMcpServers in " + file + ")";
    }

    static boolean matches(Rule rule, McpServerSpec spec) {
        return switch (rule) {
            case Rule.Name n -> n.name().equals(spec.name());
            case Rule.Command c -> spec instanceof McpServerSpec.Stdio s && commandLine(s).equals(c.command());
            case Rule.Url u -> url(spec) != null && glob(u.glob()).matcher(url(spec)).matches();
        };
    }

    private static List<String> commandLine(McpServerSpec.Stdio s) {
        List<String> line = new ArrayList<>();
        line.add(s.command());
        line.addAll(s.args());
        return line;
    }

    static String url(McpServerSpec spec) {
        return switch (spec) {
            case McpServerSpec.Stdio s -> null;
            case McpServerSpec.Http h -> h.url();
            case McpServerSpec.Sse s -> s.url();
            case McpServerSpec.WebSocket w -> w.url();
        };
    }

    /** {@code *} matches any run of characters; everything else literally, ignoring case (host names do). */
    private static Pattern glob(String glob) {
        List<String> parts = new ArrayList<>();
        for (String part : glob.split("\\*", -1)) {
            parts.add(Pattern.quote(part));
        }
        return Pattern.compile(String.join(".*", parts), Pattern.CASE_INSENSITIVE | Pattern.DOTALL);
    }
}
