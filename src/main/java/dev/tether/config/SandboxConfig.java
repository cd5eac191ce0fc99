package dev.tether.config;

import dev.tether.config.files.TetherPaths;
import dev.tether.tools.sandbox.SandboxMode;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The sandbox settings: {@code "sandbox": {"mode": "off" | "read-only" | "workspace-write",
 * "writableRoots": [dirs], "denyRead": [paths], "network": false}} in the config file and in the
 * managed settings. The managed settings win key by key, and a mode they set cannot be loosened
 * for one run; their {@code denyRead} adds to the user's, and their {@code "mcpServers": "all"}
 * puts every stdio MCP server in the sandbox (with its network, unless its entry takes it). Paths are absolute or start with
 * {@code ~/}. A malformed value is a warning and its default stays, never a failed start.
 */
final class SandboxConfig {
    /** Made on first use: creating the first logger sets slf4j up, which the {@code initialize} answer does not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(SandboxConfig.class);
    }

    private SandboxConfig() {}

    /**
     * @param file    the user's config file
     * @param managed the managed settings file's contents (an empty object when there is none)
     */
    static SandboxPolicy from(JsonNode file, JsonNode managed, Map<String, String> env, TetherPaths paths) {
        Path home = absolute(env.get("HOME")).orElse(Path.of(System.getProperty("user.home", "/")));
        JsonNode user = file.path("sandbox");
        JsonNode forced = managed.path("sandbox");
        SandboxMode userMode = mode(user.get("mode"), "sandbox.mode");
        SandboxMode managedMode = mode(forced.get("mode"), "managed sandbox.mode");
        List<Path> writable = paths(forced.has("writableRoots") ? forced.get("writableRoots") : user.get("writableRoots"),
                "sandbox.writableRoots", home);
        List<Path> deny = new ArrayList<>(user.has("denyRead") ? List.of()
                : SandboxPolicy.defaultDenyRead(home, List.of(paths.configDir(), paths.stateDir())));
        deny.addAll(paths(user.get("denyRead"), "sandbox.denyRead", home));
        deny.addAll(paths(forced.get("denyRead"), "managed sandbox.denyRead", home));
        if (user.has("denyRead")) {
            // A list of the user's own replaces the credentials' defaults, never Tether's own directories.
            deny.addAll(List.of(paths.configDir(), paths.stateDir()));
        }
        boolean network = flag(forced.has("network") ? forced.get("network") : user.get("network"), "sandbox.network");
        SandboxPolicy.Host host = new SandboxPolicy.Host(onPath(env.get("PATH"), "bwrap"),
                absolute(env.get("XDG_RUNTIME_DIR")).orElse(null));
        JsonNode servers = forced.get("mcpServers");
        boolean allServers = servers != null && servers.isString() && servers.asString().equals("all");
        if (servers != null && !allServers && !servers.isNull()) {
            log().warn("ignoring the managed \"sandbox.mcpServers\": the only value is \"all\"");
        }
        return new SandboxPolicy(managedMode != null ? managedMode : userMode, writable, deny, network, host, managedMode != null,
                allServers);
    }

    private static SandboxMode mode(JsonNode node, String key) {
        if (node == null || node.isNull()) {
            return null;
        }
        SandboxMode mode = node.isString() ? SandboxMode.fromId(node.asString()).orElse(null) : null;
        if (mode == null) {
            log().warn("ignoring \"{}\": it must be \"off\", \"read-only\" or \"workspace-write\"", key);
        }
        return mode;
    }

    private static boolean flag(JsonNode node, String key) {
        if (node == null || node.isNull()) {
            return false;
        }
        if (!node.isBoolean()) {
            log().warn("ignoring \"{}\": it must be true or false; the network stays off", key);
            return false;
        }
        return node.asBoolean();
    }

    private static List<Path> paths(JsonNode node, String key, Path home) {
        if (node == null || node.isNull()) {
            return List.of();
        }
        if (!node.isArray()) {
            log().warn("ignoring \"{}\": it must be an array of paths", key);
            return List.of();
        }
        List<Path> out = new ArrayList<>();
        for (JsonNode item : node) {
            String text = item.isString() ? item.asString() : "";
            Path path = text.equals("~") ? home : text.startsWith("~/") ? home.resolve(text.substring(2)) : Path.of(text);
            if (!path.isAbsolute()) {
                log().warn("ignoring {} in \"{}\": a path there must be absolute or start with ~/", item, key);
                continue;
            }
            out.add(path.normalize());
        }
        return List.copyOf(out);
    }

    private static java.util.Optional<Path> absolute(String value) {
        if (value == null || value.isBlank()) {
            return java.util.Optional.empty();
        }
        Path path = Path.of(value);
        return path.isAbsolute() ? java.util.Optional.of(path) : java.util.Optional.empty();
    }

    /** The first executable named {@code name} in {@code path}'s directories, or null. */
    static Path onPath(String path, String name) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (candidate.isAbsolute() && Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
