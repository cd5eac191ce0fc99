package dev.tether.config;

import dev.tether.mcp.api.McpServerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code local} scope of {@code tether mcp add}: servers the user added for one project only,
 * kept out of the project in {@code $XDG_STATE_HOME/tether/mcp-local-servers.json} as
 * {@code {"projects": {"<canonical dir>": {"mcpServers": {...}}}}} (owner-only, written
 * atomically). As in Claude Code, an entry belongs to exactly that directory: a session in a
 * subdirectory does not get it. Entries are the user's own ({@code ${VAR}} expands); the per-server
 * policy keys belong in the config file and are ignored here with a warning.
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

    /** The servers of {@code project}; a store that cannot be read is one warning. */
    public McpConfig.Parsed read(Path project) {
        if (!Files.exists(file) || Files.isSymbolicLink(file)) {
            return new McpConfig.Parsed(McpConfig.Declared.NONE, List.of());
        }
        ObjectNode root;
        try {
            root = JsonFiles.read(file);
        } catch (JsonFiles.EditException e) {
            return new McpConfig.Parsed(McpConfig.Declared.NONE, List.of(ConfigWarning.of(file.toString(), null, e.getMessage())));
        }
        JsonNode entry = root.path("projects").path(ProjectChoices.projectKey(project));
        if (!entry.isObject() || !entry.has("mcpServers")) {
            return new McpConfig.Parsed(McpConfig.Declared.NONE, List.of());
        }
        String source = file + " (" + ProjectChoices.projectKey(project) + ")";
        McpConfig.Parsed parsed = McpConfig.read(entry, project, source, McpServerSpec.Origin.USER_CONFIG);
        if (parsed.declared().policies().isEmpty()) {
            return parsed;
        }
        List<ConfigWarning> warnings = new java.util.ArrayList<>(parsed.warnings());
        for (String name : parsed.declared().policies().keySet()) {
            warnings.add(ConfigWarning.of(source, name, source + ": server \"" + name + "\": policy keys are ignored in the local scope;"
                    + " set them in your config file"));
        }
        McpConfig.Declared declared = parsed.declared();
        return new McpConfig.Parsed(new McpConfig.Declared(declared.servers(), java.util.Map.of(), declared.disabled()), warnings);
    }

    /** The whole store, to edit; {@link #servers} finds or makes a project's {@code mcpServers}. */
    public ObjectNode load() throws JsonFiles.EditException {
        if (Files.isSymbolicLink(file)) {
            throw new JsonFiles.EditException(file + " is a symbolic link; refusing to use it");
        }
        return JsonFiles.read(file);
    }

    /** {@code project}'s {@code mcpServers} in {@code root}, made when {@code create}; null when absent. */
    public static ObjectNode servers(ObjectNode root, Path project, boolean create) throws JsonFiles.EditException {
        ObjectNode projects = child(root, "projects", create);
        ObjectNode entry = projects == null ? null : child(projects, ProjectChoices.projectKey(project), create);
        return entry == null ? null : child(entry, "mcpServers", create);
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
