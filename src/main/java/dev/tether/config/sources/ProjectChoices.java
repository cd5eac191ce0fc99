package dev.tether.config.sources;

import dev.tether.base.git.ProjectRoot;
import dev.tether.config.files.JsonFiles;
import dev.tether.config.files.TetherPaths;
import dev.tether.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The user's answers about workspace {@code .mcp.json} servers, per project (its
 * {@link ProjectRoot}: the git top level holding the session's directory, else that directory):
 * {@code $XDG_STATE_HOME/tether/mcp-project-choices.json}, owner-only (0600 in a 0700 directory),
 * written atomically (a temporary file moved over the old one). An approval holds for each entry
 * the user approved ({@link ServerFingerprint}; the last {@link #MAX_FINGERPRINTS}); a rejection
 * holds for the name and replaces them. A file that cannot be read counts as no answers (Tether
 * asks again), never as approvals.
 *
 * <p>Answers stored before projects were keyed by their root sit under the exact directory a
 * session ran in. They still count for the project that directory belongs to now ({@link ProjectKeys}),
 * and the next write for that project moves them under its root. Where two such directories
 * answered differently about one server, the stricter answer holds: a rejection wins over an
 * approval, and approvals keep each approved entry's fingerprint, never more.
 */
public final class ProjectChoices {
    static final String FILE_NAME = "mcp-project-choices.json";
    /** How many approved versions of one server's entry a project keeps. */
    static final int MAX_FINGERPRINTS = 8;

    /** An answer: allowed or rejected. */
    public enum Decision { ALLOW, REJECT }

    /** One remembered answer; {@code fingerprints} are the approved entries' (empty for a rejection). */
    public record Choice(Decision decision, Set<String> fingerprints, Instant at) {
        public Choice {
            fingerprints = Collections.unmodifiableSet(new LinkedHashSet<>(fingerprints));
        }

        /** Whether this answer lets the entry with {@code fingerprint} run. */
        public boolean allows(String fingerprint) {
            return decision == Decision.ALLOW && fingerprints.contains(fingerprint);
        }

        /** This answer and {@code other} about the same server, the stricter winning. */
        Choice and(Choice other) {
            Instant later = at.isAfter(other.at) ? at : other.at;
            if (decision == Decision.REJECT || other.decision == Decision.REJECT) {
                return new Choice(Decision.REJECT, Set.of(), later);
            }
            Set<String> both = new LinkedHashSet<>(fingerprints);
            both.addAll(other.fingerprints);
            return new Choice(Decision.ALLOW, newest(both), later);
        }
    }

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

    /** The key of the project {@code dir} belongs to: its {@link ProjectRoot}, as a real path. */
    public static String projectKey(Path dir) {
        return ProjectRoot.of(dir).toString();
    }

    /** Every remembered answer for the project of {@code dir}, by server name. */
    public synchronized Map<String, Choice> choices(Path dir) {
        return merged(read(), projectKey(dir));
    }

    public Optional<Choice> choice(Path dir, String server) {
        return Optional.ofNullable(choices(dir).get(server));
    }

    /** Remembers an answer for one server of the project of {@code dir}; an approval adds to the approved entries. */
    public synchronized void record(Path dir, String server, Decision decision, String fingerprint) throws StoreException {
        ObjectNode root = read();
        String key = projectKey(dir);
        Map<String, Choice> answers = merged(root, key);
        Choice before = answers.get(server);
        Set<String> approved = new LinkedHashSet<>();
        if (decision == Decision.ALLOW) {
            if (before != null && before.decision() == Decision.ALLOW) {
                approved.addAll(before.fingerprints());
            }
            approved.remove(fingerprint);
            approved.add(fingerprint);
        }
        answers.put(server, new Choice(decision, newest(approved), Instant.now()));
        replace(root, key, answers);
        write(root);
    }

    /** Forgets every answer for the project of {@code dir}; returns how many there were. */
    public synchronized int reset(Path dir) throws StoreException {
        ObjectNode root = read();
        String key = projectKey(dir);
        int count = merged(root, key).size();
        if (ProjectKeys.of(root.path("projects"), key).isEmpty()) {
            return 0;
        }
        replace(root, key, Map.of());
        write(root);
        return count;
    }

    /** The answers stored under {@code key} and under every older key of the same project, merged. */
    private static Map<String, Choice> merged(ObjectNode root, String key) {
        JsonNode projects = root.path("projects");
        Map<String, Choice> out = new LinkedHashMap<>();
        for (String stored : ProjectKeys.of(projects, key)) {
            for (var entry : projects.path(stored).properties()) {
                Choice choice = parse(entry.getValue());
                if (choice != null) {
                    out.merge(entry.getKey(), choice, Choice::and);
                }
            }
        }
        return out;
    }

    /** Stores {@code answers} under {@code key} alone: the project's older keys go. */
    private static void replace(ObjectNode root, String key, Map<String, Choice> answers) {
        JsonNode existing = root.get("projects");
        ObjectNode projects = existing instanceof ObjectNode object ? object : root.putObject("projects");
        ProjectKeys.of(projects, key).forEach(projects::remove);
        if (answers.isEmpty()) {
            return;
        }
        ObjectNode servers = projects.putObject(key);
        answers.forEach((server, choice) -> {
            ObjectNode node = servers.putObject(server).put("decision", choice.decision() == Decision.ALLOW ? "allow" : "reject")
                    .put("at", choice.at().toString());
            if (!choice.fingerprints().isEmpty()) {
                ArrayNode list = node.putArray("fingerprints");
                choice.fingerprints().forEach(list::add);
            }
        });
    }

    private static Choice parse(JsonNode c) {
        Decision decision = switch (c.path("decision").asString("")) {
            case "allow" -> Decision.ALLOW;
            case "reject" -> Decision.REJECT;
            default -> null;
        };
        if (decision == null) {
            return null;
        }
        Instant at = Instant.EPOCH;
        try {
            at = Instant.parse(c.path("at").asString(Instant.EPOCH.toString()));
        } catch (RuntimeException ignored) {
            // A hand-edited time is not worth refusing the answer over.
        }
        Set<String> fingerprints = new LinkedHashSet<>();
        if (decision == Decision.ALLOW) {
            // Before several approved versions were kept, an approval held one "fingerprint".
            if (c.path("fingerprint").isString()) {
                fingerprints.add(c.path("fingerprint").asString());
            }
            c.path("fingerprints").forEach(f -> {
                if (f.isString()) {
                    fingerprints.add(f.asString());
                }
            });
        }
        return new Choice(decision, newest(fingerprints), at);
    }

    /** The last {@link #MAX_FINGERPRINTS} of {@code fingerprints}, oldest first. */
    private static Set<String> newest(Set<String> fingerprints) {
        List<String> all = List.copyOf(fingerprints);
        return new LinkedHashSet<>(all.subList(Math.max(0, all.size() - MAX_FINGERPRINTS), all.size()));
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
        try {
            JsonFiles.write(file, root, JsonFiles.Mode.PRIVATE);
        } catch (JsonFiles.EditException e) {
            throw new StoreException(e.getMessage());
        }
    }
}
