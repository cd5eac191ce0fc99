package dev.tether.config.sources;

import dev.tether.config.files.JsonFiles;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.ConfigWarning;
import dev.tether.config.mcp.McpConfig;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code local} scope of {@code tether mcp add}: servers the user added for one project only,
 * kept out of the project in {@code $XDG_STATE_HOME/tether/mcp-local-servers.json} as
 * {@code {"projects": {"<project root>": {"mcpServers": {...}}}}} (owner-only, written
 * atomically). The key is the {@link dev.tether.base.git.ProjectRoot} of the directory the
 * server was added in, so a session anywhere in the repository gets it. Entries are the user's own
 * ({@code ${VAR}} expands); the per-server policy keys belong in the config file and are ignored
 * here with a warning.
 *
 * <p>Servers added before projects were keyed by their root sit under the exact directory they
 * were added in; they count for the project that directory belongs to now ({@link ProjectKeys}),
 * with a relative {@code cwd} still resolving against that directory, and the next edit of the
 * project's local servers moves them under its root. Two such directories that declare one name
 * differently are not merged: the one nearest the root is used, the other is named in a warning
 * and stays in the file until the user removes one.
 */
public final class LocalServers {
    public static final String FILE_NAME = "mcp-local-servers.json";

    private final Path file;

    public LocalServers(Path file) {
        this.file = file;
    }

    /** The store in Tether's state directory. */
    public static LocalServers in(TetherPaths paths) {
        return new LocalServers(paths.stateDir().resolve(FILE_NAME));
    }

    public Path file() {
        return file;
    }

    /** The servers of the project of {@code dir}; a store that cannot be read is one warning. */
    public McpConfig.Parsed read(Path dir) {
        if (!Files.exists(file) || Files.isSymbolicLink(file)) {
            return new McpConfig.Parsed(McpConfig.Declared.NONE, List.of());
        }
        ObjectNode root;
        try {
            root = JsonFiles.read(file);
        } catch (JsonFiles.EditException e) {
            return new McpConfig.Parsed(McpConfig.Declared.NONE, List.of(ConfigWarning.of(file.toString(), null, e.getMessage())));
        }
        String project = ProjectChoices.projectKey(dir);
        JsonNode projects = root.path("projects");
        Map<String, JsonNode> entries = new LinkedHashMap<>();
        McpConfig.Declared declared = McpConfig.Declared.NONE;
        List<ConfigWarning> warnings = new ArrayList<>();
        for (String key : ProjectKeys.of(projects, project)) {
            JsonNode servers = projects.path(key).path("mcpServers");
            if (!servers.isObject()) {
                continue;
            }
            ObjectNode kept = Json.object();
            for (var entry : servers.properties()) {
                JsonNode first = entries.putIfAbsent(entry.getKey(), entry.getValue());
                if (first == null) {
                    kept.set(entry.getKey(), entry.getValue());
                } else if (!first.equals(entry.getValue())) {
                    warnings.add(conflict(entry.getKey(), key));
                }
            }
            String source = file + " (" + key + ")";
            McpConfig.Parsed parsed = McpConfig.read(Json.object().set("mcpServers", kept), Path.of(key), source,
                    McpServerSpec.Origin.USER_CONFIG);
            warnings.addAll(parsed.warnings());
            for (String name : parsed.declared().policies().keySet()) {
                warnings.add(ConfigWarning.of(source, name, source + ": server \"" + name + "\": policy keys are ignored in the local scope;"
                        + " set them in your config file"));
            }
            McpConfig.Declared own = parsed.declared();
            declared = declared.then(new McpConfig.Declared(own.servers(), Map.of(), own.disabled()));
        }
        return new McpConfig.Parsed(declared, warnings);
    }

    private ConfigWarning conflict(String name, String key) {
        return ConfigWarning.of(file.toString(), name, file + ": the local server \"" + name + "\" added in " + key
                + " differs from the one of that name added nearer the project root, which is the one used; `tether mcp remove"
                + " --scope local " + name + "` removes the one used, and this one takes its place");
    }

    /** The whole store, to edit; {@link #servers} finds or makes a project's {@code mcpServers}. */
    public ObjectNode load() throws JsonFiles.EditException {
        if (Files.isSymbolicLink(file)) {
            throw new JsonFiles.EditException(file + " is a symbolic link; refusing to use it");
        }
        return JsonFiles.read(file);
    }

    /**
     * The {@code mcpServers} of the project of {@code dir} in {@code root}, made when {@code create};
     * null when absent. The project's servers stored under older keys are moved under its root first
     * (a relative {@code cwd} made absolute against the directory it was added in), except one whose
     * name the root's entries already hold differently.
     */
    public static ObjectNode servers(ObjectNode root, Path dir, boolean create) throws JsonFiles.EditException {
        ObjectNode projects = child(root, "projects", create);
        if (projects == null) {
            return null;
        }
        String project = ProjectChoices.projectKey(dir);
        List<String> older = ProjectKeys.of(projects, project).stream().filter(k -> !k.equals(project)).toList();
        ObjectNode entry = child(projects, project, create || !older.isEmpty());
        ObjectNode servers = entry == null ? null : child(entry, "mcpServers", create || !older.isEmpty());
        for (String key : older) {
            if (!(projects.get(key) instanceof ObjectNode old) || !(old.get("mcpServers") instanceof ObjectNode oldServers)) {
                continue;
            }
            for (String name : List.copyOf(oldServers.propertyNames())) {
                JsonNode server = absoluteCwd(oldServers.get(name), Path.of(key));
                if (!servers.has(name) || servers.get(name).equals(server)) {
                    servers.set(name, server);
                    oldServers.remove(name);
                }
            }
            if (oldServers.isEmpty()) {
                projects.remove(key);
            }
        }
        return servers;
    }

    private static JsonNode absoluteCwd(JsonNode server, Path base) {
        if (!(server instanceof ObjectNode object) || !object.path("cwd").isString()) {
            return server;
        }
        try {
            Path cwd = Path.of(object.path("cwd").asString());
            if (cwd.isAbsolute()) {
                return server;
            }
            ObjectNode copy = object.deepCopy();
            copy.put("cwd", base.resolve(cwd).normalize().toString());
            return copy;
        } catch (java.nio.file.InvalidPathException e) {
            return server;
        }
    }

    static ObjectNode child(ObjectNode parent, String key, boolean create) throws JsonFiles.EditException {
        JsonNode node = parent.get(key);
        if (node == null || node.isNull()) {
            return create ? parent.putObject(key) : null;
        }
        if (!(node instanceof ObjectNode object)) {
            throw new JsonFiles.EditException("\"" + key + "\" is not a JSON object; fix it first, it was left as it is");
        }
        return object;
    }

    public void save(ObjectNode root) throws JsonFiles.EditException {
        JsonFiles.write(file, root, JsonFiles.Mode.PRIVATE);
    }
}
