package dev.tether.config;

import dev.tether.json.Json;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The user's answers about workspace {@code .mcp.json} servers, per project (the canonical
 * directory a session runs in): {@code $XDG_STATE_HOME/tether/mcp-project-choices.json}, owner-only
 * (0600 in a 0700 directory), written atomically (a temporary file moved over the old one). An
 * approval holds for the entry as it was approved ({@link ServerFingerprint}); a rejection holds
 * for the name. A file that cannot be read counts as no answers (Tether asks again), never as approvals.
 */
public final class ProjectChoices {
    static final String FILE_NAME = "mcp-project-choices.json";

    /** An answer: allowed or rejected. */
    public enum Decision { ALLOW, REJECT }

    /** One remembered answer; {@code fingerprint} is the approved entry's (null for a rejection). */
    public record Choice(Decision decision, String fingerprint, Instant at) {}

    /** The store could not be written; the message is for the user. */
    public static final class StoreException extends Exception {
        StoreException(String message) {
            super(message, null, false, false);
        }
    }

    private final Path file;

    public ProjectChoices(Path file) {
        this.file = file;
    }

    /** The store in Tether's state directory. */
    public static ProjectChoices in(TetherPaths paths) {
        return new ProjectChoices(paths.stateDir().resolve(FILE_NAME));
    }

    public Path file() {
        return file;
    }

    /** The key of a project: its canonical directory (links followed), or the absolute path when that fails. */
    public static String projectKey(Path dir) {
        try {
            return dir.toRealPath().toString();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize().toString();
        }
    }

    /** Every remembered answer for {@code project}, by server name. */
    public synchronized Map<String, Choice> choices(Path project) {
        JsonNode servers = read().path("projects").path(projectKey(project));
        Map<String, Choice> out = new LinkedHashMap<>();
        for (var entry : servers.properties()) {
            JsonNode c = entry.getValue();
            Decision decision = switch (c.path("decision").asString("")) {
                case "allow" -> Decision.ALLOW;
                case "reject" -> Decision.REJECT;
                default -> null;
            };
            if (decision != null) {
                Instant at = Instant.EPOCH;
                try {
                    at = Instant.parse(c.path("at").asString(Instant.EPOCH.toString()));
                } catch (RuntimeException ignored) {
                    // A hand-edited time is not worth refusing the answer over.
                }
                out.put(entry.getKey(), new Choice(decision, c.path("fingerprint").asString(null), at));
            }
        }
        return out;
    }

    public Optional<Choice> choice(Path project, String server) {
        return Optional.ofNullable(choices(project).get(server));
    }

    /** Remembers an answer for one server of {@code project}, replacing an earlier one. */
    public synchronized void record(Path project, String server, Decision decision, String fingerprint) throws StoreException {
        ObjectNode root = read();
        ObjectNode projects = root.has("projects") && root.get("projects").isObject() ? (ObjectNode) root.get("projects") : root.putObject("projects");
        String key = projectKey(project);
        ObjectNode servers = projects.has(key) && projects.get(key).isObject() ? (ObjectNode) projects.get(key) : projects.putObject(key);
        ObjectNode choice = Json.object().put("decision", decision == Decision.ALLOW ? "allow" : "reject").put("at", Instant.now().toString());
        if (fingerprint != null) {
            choice.put("fingerprint", fingerprint);
        }
        servers.set(server, choice);
        write(root);
    }

    /** Forgets every answer for {@code project}; returns how many there were. */
    public synchronized int reset(Path project) throws StoreException {
        ObjectNode root = read();
        JsonNode projects = root.path("projects");
        String key = projectKey(project);
        if (!projects.isObject() || !projects.has(key)) {
            return 0;
        }
        int count = projects.get(key).size();
        ((ObjectNode) projects).remove(key);
        write(root);
        return count;
    }

    private ObjectNode read() {
        try {
            if (Files.isSymbolicLink(file)) {
                return Json.object();
            }
            JsonNode node = Json.parse(Files.readString(file));
            return node.isObject() ? (ObjectNode) node : Json.object();
        } catch (NoSuchFileException e) {
            return Json.object();
        } catch (IOException | JacksonException e) {
            org.slf4j.LoggerFactory.getLogger(ProjectChoices.class).warn("cannot read {} ({}); asking again", file, e.getMessage());
            return Json.object();
        }
    }

    private void write(ObjectNode root) throws StoreException {
        Path dir = file.getParent();
        try {
            Files.createDirectories(dir);
            restrict(dir, "rwx------");
            if (Files.isSymbolicLink(file)) {
                throw new StoreException(file + " is a symbolic link; refusing to write through it");
            }
            Path temp = Files.createTempFile(dir, ".mcp-choices", ".tmp");
            try {
                restrict(temp, "rw-------");
                Files.writeString(temp, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root));
                try {
                    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new StoreException("cannot write " + file + ": " + e.getMessage());
        }
    }

    private static void restrict(Path path, String permissions) throws IOException {
        if (Files.getFileStore(path).supportsFileAttributeView("posix")) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
        }
    }
}
