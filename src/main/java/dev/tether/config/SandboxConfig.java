package dev.tether.config;

import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.tools.sandbox.SandboxMode;
import dev.tether.tools.sandbox.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    private SandboxConfig() {}

    /**
     * @param file    the user's config file
     * @param managed the managed settings file's contents (an empty object when there is none)
     */
    static SandboxPolicy from(JsonNode file, JsonNode managed, Map<String, String> env, TetherPaths paths) {
        return from(file, managed, env, paths, new Sources(paths.configFile().toString(), "the managed settings"), new ArrayList<>());
    }

    /**
     * Where the two files are, for the warnings: a value that cannot be used is one warning in
     * {@code warnings}, the list the user sees everywhere (stderr, the editor's notice, {@code tether
     * doctor}): a mistake in the sandbox's settings must never pass unseen, since it leaves commands
     * less confined than the user meant.
     */
    record Sources(String user, String managed) {}

    static SandboxPolicy from(JsonNode file, JsonNode managed, Map<String, String> env, TetherPaths paths, Sources sources,
                              List<ConfigWarning> warnings) {
        Path home = absolute(env.get("HOME")).orElse(Path.of(System.getProperty("user.home", "/")));
        JsonNode user = file.path("sandbox");
        JsonNode forced = managed.path("sandbox");
        Reader mine = new Reader(sources.user(), warnings);
        Reader theirs = new Reader(sources.managed(), warnings);
        SandboxMode userMode = mine.mode(user.get("mode"));
        SandboxMode managedMode = theirs.mode(forced.get("mode"));
        List<Path> writable = forced.has("writableRoots") ? theirs.paths(forced.get("writableRoots"), "sandbox.writableRoots", home)
                : mine.paths(user.get("writableRoots"), "sandbox.writableRoots", home);
        boolean ownList = user.get("denyRead") != null && user.get("denyRead").isArray();
        List<Path> deny = new ArrayList<>(ownList ? List.of()
                : SandboxPolicy.defaultDenyRead(home, List.of(paths.configDir(), paths.stateDir())));
        deny.addAll(mine.paths(user.get("denyRead"), "sandbox.denyRead", home));
        deny.addAll(theirs.paths(forced.get("denyRead"), "sandbox.denyRead", home));
        if (ownList) {
            // A list of the user's own replaces the credentials' defaults, never Tether's own directories.
            deny.addAll(List.of(paths.configDir(), paths.stateDir()));
        }
        boolean network = forced.has("network") ? theirs.flag(forced.get("network")) : mine.flag(user.get("network"));
        SandboxPolicy.Host host = new SandboxPolicy.Host(onPath(env.get("PATH"), "bwrap"),
                absolute(env.get("XDG_RUNTIME_DIR")).orElse(null));
        JsonNode servers = forced.get("mcpServers");
        boolean allServers = servers != null && servers.isString() && servers.asString().equals("all");
        if (servers != null && !allServers && !servers.isNull()) {
            warnings.add(ConfigWarning.badValue(sources.managed(), "sandbox.mcpServers", servers, "\"all\"", "ignoring it"));
        }
        return new SandboxPolicy(managedMode != null ? managedMode : userMode, writable, deny, network, host, managedMode != null,
                allServers);
    }

    /** Reads the values of one file; each it cannot use is a warning naming the file, the key and what was kept. */
    private record Reader(String source, List<ConfigWarning> warnings) {
        SandboxMode mode(JsonNode node) {
            if (node == null || node.isNull()) {
                return null;
            }
            SandboxMode mode = node.isString() ? SandboxMode.fromId(node.asString()).orElse(null) : null;
            if (mode == null) {
                warnings.add(ConfigWarning.badValue(source, "sandbox.mode", node,
                        "\"off\", \"read-only\" or \"workspace-write\"", "ignoring it"));
            }
            return mode;
        }

        boolean flag(JsonNode node) {
            if (node == null || node.isNull()) {
                return false;
            }
            if (!node.isBoolean()) {
                warnings.add(ConfigWarning.badValue(source, "sandbox.network", node, "true or false", "the network stays off"));
                return false;
            }
            return node.asBoolean();
        }

        List<Path> paths(JsonNode node, String key, Path home) {
            if (node == null || node.isNull()) {
                return List.of();
            }
            if (!node.isArray()) {
                warnings.add(ConfigWarning.badValue(source, key, node, "an array of paths", "ignoring it"));
                return List.of();
            }
            List<Path> out = new ArrayList<>();
            for (JsonNode item : node) {
                String text = item.isString() ? item.asString() : "";
                Path path = text.equals("~") ? home : text.startsWith("~/") ? home.resolve(text.substring(2)) : Path.of(text);
                if (!path.isAbsolute()) {
                    warnings.add(ConfigWarning.badValue(source, key, item, "a path that is absolute or starts with ~/",
                            "ignoring that entry"));
                    continue;
                }
                out.add(path.normalize());
            }
            return List.copyOf(out);
        }
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
