package dev.tether.cli.mcp;

import dev.tether.base.git.ProjectRoot;
import dev.tether.config.files.JsonFiles;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.sources.LocalServers;
import dev.tether.config.sources.McpSource;
import dev.tether.config.sources.WorkspaceMcpFiles;
import java.nio.file.Path;
import java.util.Locale;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One scope of {@code tether mcp add|remove|enable|disable}, opened for editing: {@code local} (the
 * user's servers for the current directory's project, {@link LocalServers}), {@code project} (the
 * {@code .mcp.json} at the project root, {@link dev.tether.base.git.ProjectRoot}: Claude Code's
 * format, meant to be committed) or {@code user} (the config file's {@code mcpServers}).
 * Edits change only the {@code mcpServers} entry they name; {@link #save} writes the whole file
 * back atomically.
 */
final class ScopeFile {
    /** The scopes, in the order {@code remove} and {@code get} look through them (the winner first). */
    enum Scope {
        LOCAL, PROJECT, USER;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Scope parse(String text) {
            for (Scope scope : values()) {
                if (scope.label().equals(text)) {
                    return scope;
                }
            }
            return null;
        }

        /** The scope a source of {@code McpSources} belongs to, or null (editor, command line, managed). */
        static Scope of(McpSource source) {
            return switch (source) {
                case LOCAL -> LOCAL;
                case WORKSPACE -> PROJECT;
                case USER_CONFIG -> USER;
                case EDITOR, COMMAND_LINE, MANAGED -> null;
            };
        }
    }

    private final Scope scope;
    private final Path file;
    private final Path project;
    private final LocalServers local;
    private final ObjectNode root;

    private ScopeFile(Scope scope, Path file, Path project, LocalServers local, ObjectNode root) {
        this.scope = scope;
        this.file = file;
        this.project = project;
        this.local = local;
        this.root = root;
    }

    /** Reads the scope's file; one that cannot be read or parsed fails here, before anything is written. */
    static ScopeFile open(Scope scope, TetherPaths paths, Path workingDir) throws JsonFiles.EditException {
        return switch (scope) {
            case LOCAL -> {
                LocalServers store = LocalServers.in(paths);
                yield new ScopeFile(scope, store.file(), workingDir, store, store.load());
            }
            case PROJECT -> {
                Path file = ProjectRoot.of(workingDir).resolve(WorkspaceMcpFiles.FILE_NAME);
                yield new ScopeFile(scope, file, workingDir, null, JsonFiles.read(file));
            }
            case USER -> new ScopeFile(scope, paths.configFile(), workingDir, null, JsonFiles.read(paths.configFile()));
        };
    }

    Scope scope() {
        return scope;
    }

    /** The file, as the user should read it (the local store names the project too). */
    String where() {
        return scope == Scope.LOCAL ? file + " (for " + dev.tether.config.sources.ProjectChoices.projectKey(project) + ")" : file.toString();
    }

    /** The entry of {@code name}, or null. */
    ObjectNode entry(String name) throws JsonFiles.EditException {
        ObjectNode servers = servers(false);
        JsonNode entry = servers == null ? null : servers.get(name);
        if (entry != null && !(entry instanceof ObjectNode)) {
            throw new JsonFiles.EditException(where() + ": the entry of \"" + name + "\" is not a JSON object; fix it first");
        }
        return (ObjectNode) entry;
    }

    /** Sets {@code name}'s entry, keeping its place when it exists (new ones go last). */
    void put(String name, ObjectNode entry) throws JsonFiles.EditException {
        servers(true).set(name, entry);
    }

    /** Removes {@code name}'s entry; false when there was none. */
    boolean remove(String name) throws JsonFiles.EditException {
        ObjectNode servers = servers(false);
        return servers != null && servers.remove(name) != null;
    }

    void save() throws JsonFiles.EditException {
        if (scope == Scope.LOCAL) {
            local.save(root);
        } else {
            JsonFiles.write(file, root, scope == Scope.USER ? JsonFiles.Mode.PERSONAL : JsonFiles.Mode.SHARED);
        }
    }

    private ObjectNode servers(boolean create) throws JsonFiles.EditException {
        if (scope == Scope.LOCAL) {
            return LocalServers.servers(root, project, create);
        }
        JsonNode servers = root.get("mcpServers");
        if (servers == null || servers.isNull()) {
            return create ? root.putObject("mcpServers") : null;
        }
        if (!(servers instanceof ObjectNode object)) {
            throw new JsonFiles.EditException(file + ": \"mcpServers\" is not a JSON object; fix it first, it was left as it is");
        }
        return object;
    }
}
