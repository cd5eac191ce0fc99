package dev.tether.config.policy;

import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
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
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The administrator's MCP policy, from the managed settings file (Claude Code's keys):
 * {@code allowedMcpServers} and {@code deniedMcpServers}, each a list of {@code {"serverName"}},
 * {@code {"serverCommand": [command, args…]}} or {@code {"serverUrl": "glob"}} entries (an allow
 * entry's command may add {@code "serverEnv"} and {@code "serverCwd"});
 * {@code mcpServers} (servers every session gets) and {@code exclusiveMcpServers} (only those).
 * Deny wins; no allow list allows every server, an empty one none. When the allow list has any
 * {@code serverCommand} entry a stdio server must match one of them, and when it has any
 * {@code serverUrl} entry a remote server must match one of those; otherwise a name match counts.
 * Commands are compared as they resolve ({@link CommandPattern}), URLs in normalised parts
 * ({@link UrlPattern}), never as raw text.
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

        record Command(CommandPattern pattern) implements Rule {}

        record Url(UrlPattern pattern) implements Rule {}
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
            List<Rule> deny = ManagedRules.read(root.get("deniedMcpServers"), file, "deniedMcpServers", true, warnings);
            List<Rule> allow = root.has("allowedMcpServers") && !root.get("allowedMcpServers").isNull()
                    ? ManagedRules.read(root.get("allowedMcpServers"), file, "allowedMcpServers", false, warnings) : null;
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
     * Why {@code spec} may not run, or null when it may. {@code expanded} is the server as it would
     * run ({@code ${VAR}} expanded) and {@code context} where it would start: deny rules look at the
     * server as written and as it would run, so neither a reference nor another spelling hides a
     * denied server; allow rules look at what would run. Under a managed file a URL with user info
     * is refused whatever the rules say, and a URL that cannot be read matches no allow rule and is
     * blocked when the deny list has URL rules.
     */
    public String blocked(McpServerSpec spec, McpServerSpec expanded, LaunchContext context) {
        if (lockedDown != null) {
            return "blocked by the managed policy: " + lockedDown;
        }
        if (file == null) {
            return null;
        }
        ServerForms server = new ServerForms(spec, expanded, context);
        String refused = server.refusal();
        if (refused != null) {
            return "blocked by the managed policy (" + file + "): " + refused;
        }
        for (Rule rule : deny) {
            boolean hit = switch (rule) {
                case Rule.Name n -> n.name().equals(spec.name());
                case Rule.Command c -> server.deniedBy(c.pattern());
                case Rule.Url u -> server.deniedBy(u.pattern());
            };
            if (hit) {
                return "blocked by the managed policy (deniedMcpServers in " + file + ")";
            }
        }
        String unreadable = server.unreadable();
        if (unreadable != null && deny.stream().anyMatch(Rule.Url.class::isInstance)) {
            return "blocked by the managed policy (deniedMcpServers in " + file + " has URL rules, and this server's URL cannot be read: "
                    + unreadable + ")";
        }
        return allow == null ? null : allowed(spec, server, unreadable);
    }

    /** Null when an allow rule covers the server, else why not. */
    private String allowed(McpServerSpec spec, ServerForms server, String unreadable) {
        boolean stdio = spec instanceof McpServerSpec.Stdio;
        boolean byCommand = allow.stream().anyMatch(Rule.Command.class::isInstance);
        boolean byUrl = allow.stream().anyMatch(Rule.Url.class::isInstance);
        boolean strictKind = stdio ? byCommand : byUrl;
        List<String> unlisted = List.of();
        for (Rule rule : allow) {
            switch (rule) {
                case Rule.Name n -> {
                    if (!strictKind && n.name().equals(spec.name())) {
                        return null;
                    }
                }
                case Rule.Url u -> {
                    if (!stdio && server.allowedBy(u.pattern())) {
                        return null;
                    }
                }
                case Rule.Command c -> {
                    if (stdio && c.pattern().covers(server.command())) {
                        List<String> missing = c.pattern().unlisted(server.command());
                        if (missing.isEmpty()) {
                            return null;
                        }
                        unlisted = missing;
                    }
                }
            }
        }
        String why = "blocked by the managed policy (not in allowedMcpServers in " + file + ")";
        if (!unlisted.isEmpty()) {
            why += ": it sets " + String.join(", ", unlisted.stream().map(v -> v + " (" + CommandPattern.family(v) + ")").toList())
                    + ", which changes what runs; an allowedMcpServers entry covers that only when its \"serverEnv\" lists the same value";
        } else if (unreadable != null && byUrl && !stdio) {
            why += ": its URL cannot be read: " + unreadable;
        }
        return why;
    }
}
