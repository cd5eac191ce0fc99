package dev.tether.session.transcript;

import dev.tether.agent.ToolPairing;
import dev.tether.json.Json;
import dev.tether.model.ModelMessage;
import dev.tether.model.Part;
import dev.tether.security.SecretRegistry;
import dev.tether.session.api.SessionId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Session transcripts under {@code $XDG_STATE_HOME/tether/sessions}: one JSON Lines file per
 * session, holding its setup, every durable {@code session/update} (not progress) and the
 * model conversation.
 */
public final class TranscriptStore {
    /** Made on first use: creating the first logger sets slf4j up, which the {@code initialize} answer does not wait for. */
    private static Logger log() {
        return LoggerFactory.getLogger(TranscriptStore.class);
    }
    static final String SUFFIX = ".jsonl";

    private final Path dir;
    private final List<Path> privateRoots;
    private final SecretRegistry secrets;

    public TranscriptStore(Path dir) {
        this(dir, List.of(), SecretRegistry.empty());
    }

    /**
     * @param alsoPrivate Tether's other own directories (the whole state directory with its
     *                    ledgers, the config directory) that tools must not reach either
     * @param secrets     masked in every line written to a transcript or audit log
     */
    public TranscriptStore(Path dir, List<Path> alsoPrivate, SecretRegistry secrets) {
        this.dir = dir;
        List<Path> roots = new ArrayList<>(alsoPrivate);
        roots.add(dir);
        this.privateRoots = List.copyOf(roots);
        this.secrets = secrets;
    }

    /** The same store, masking {@code registry}'s secrets in what it writes. */
    public TranscriptStore withSecrets(SecretRegistry registry) {
        return new TranscriptStore(dir, privateRoots, registry);
    }

    public Path dir() {
        return dir;
    }

    /**
     * Where the subagents of session {@code parent} keep their transcripts: beside the parent's, in
     * {@code subagents/<parent>/}, out of {@link #list} (a subagent is not a conversation of the
     * user's) and deleted with the parent.
     */
    public TranscriptStore subagents(SessionId parent) {
        return new TranscriptStore(subagentsDir(parent), privateRoots, secrets);
    }

    private Path subagentsDir(SessionId parent) {
        return dir.resolve("subagents").resolve(parent.value());
    }

    /**
     * The directories no tool of a session may read, write, list or search, even when they lie
     * inside its workspace: transcripts, audit logs and artifacts of every session, and whatever
     * else Tether keeps for itself.
     */
    public List<Path> privateRoots() {
        return privateRoots;
    }

    /** Starts the transcript of a new session. */
    public Transcript create(SessionRecord.Meta meta) {
        ensureDir();
        Transcript transcript = new Transcript(file(meta.sessionId()), secrets);
        ObjectNode line = Json.object().put("kind", "session");
        line.put("sessionId", meta.sessionId().value());
        line.put("cwd", meta.cwd().toString());
        var dirs = line.putArray("additionalDirectories");
        meta.additionalDirectories().forEach(d -> dirs.add(d.toString()));
        line.put("createdAt", meta.createdAt().toString());
        transcript.append(line);
        return transcript;
    }

    /**
     * Starts the transcript of a fork of session {@code source}: {@code meta}, then every line the
     * source's transcript holds now but its own setup line (a torn last line is left out), then the
     * source's title with " (fork)" added, so the two are told apart in {@code session/list}. The
     * source's file is only read.
     *
     * @return the fork's transcript, open for appending, or empty when the source has no transcript
     */
    public Optional<Transcript> fork(SessionId source, SessionRecord.Meta meta) {
        Path from = file(source);
        List<String> lines;
        try {
            lines = Files.isRegularFile(from) ? Files.readAllLines(from, StandardCharsets.UTF_8) : null;
        } catch (IOException e) {
            log().warn("transcript {} cannot be read to fork it: {}", from.getFileName(), e.getMessage());
            lines = null;
        }
        if (lines == null) {
            return Optional.empty();
        }
        Transcript fork = create(meta);
        String title = null;
        for (String text : lines) {
            JsonNode line;
            try {
                line = Json.parse(text);
            } catch (JacksonException e) {
                continue;
            }
            String kind = line.path("kind").asString("");
            if (kind.equals("session")) {
                continue;
            }
            if (kind.equals("title")) {
                title = line.path("title").asString(null);
            }
            fork.append(line);
        }
        if (title != null) {
            fork.append(Json.object().put("kind", "title").put("title", title + " (fork)").put("updatedAt", meta.createdAt().toString()));
        }
        return Optional.of(fork);
    }

    /** Opens an existing transcript for appending. */
    public Transcript reopen(SessionId id) {
        return new Transcript(file(id), secrets);
    }

    public boolean exists(SessionId id) {
        return Files.isRegularFile(file(id));
    }

    /** Deletes the transcript, the audit log and the artifacts of a session. */
    public boolean delete(SessionId id) {
        try {
            Files.deleteIfExists(auditFile(id));
            deleteTree(artifactDir(id));
            deleteTree(subagentsDir(id));
            return Files.deleteIfExists(file(id));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.isDirectory(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    /** The session's audit log of MCP calls, beside its transcript. */
    public Transcript audit(SessionId id) {
        ensureDir();
        return new Transcript(auditFile(id), secrets);
    }

    /** Where the session's MCP results too big to keep inline are written (created on demand). */
    public Path artifactDir(SessionId id) {
        return dir.resolve(id.value() + ".artifacts");
    }

    Path auditFile(SessionId id) {
        return dir.resolve(id.value() + ".audit" + SUFFIX);
    }

    /** Reads a whole transcript; lines that cannot be read (a torn last line after a crash) are skipped. */
    public Optional<SessionRecord> read(SessionId id) {
        Path file = file(id);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            log().warn("transcript {} cannot be read: {}", file.getFileName(), e.getMessage());
            return Optional.empty();
        }
        SessionRecord.Meta meta = null;
        List<JsonNode> updates = new ArrayList<>();
        List<ModelMessage> messages = new ArrayList<>();
        String title = null;
        List<String> loadedTools = List.of();
        SessionRecord.Choices choices = SessionRecord.Choices.NONE;
        for (String text : lines) {
            JsonNode line;
            try {
                line = Json.parse(text);
            } catch (JacksonException e) {
                continue;
            }
            switch (line.path("kind").asString("")) {
                case "session" -> meta = meta(line);
                case "update" -> updates.add(line.get("update"));
                case "message" -> messages.add(MessageCodec.decode(line.path("message")));
                case "compaction" -> {
                    // The model context restarts from the compacted history; the messages before stay on file.
                    messages.clear();
                    line.path("messages").forEach(m -> messages.add(MessageCodec.decode(m)));
                }
                case "title" -> title = line.path("title").asString(null);
                case "tools" -> loadedTools = loaded(line.path("loaded"));
                case "options" -> choices = new SessionRecord.Choices(line.path("mode").asString(null),
                        line.path("model").asString(null), line.path("thinking").asString(null));
                default -> { }
            }
        }
        if (meta == null) {
            return Optional.empty();
        }
        return Optional.of(new SessionRecord(meta, title, updatedAt(file), updates, repair(messages), loadedTools, choices));
    }

    /** The newest set of loaded tool names: each line holds the whole set. */
    private static List<String> loaded(JsonNode names) {
        List<String> out = new ArrayList<>();
        for (JsonNode name : names) {
            if (name.isString() && name.asString().startsWith("mcp__")) {
                out.add(name.asString());
            }
        }
        return out;
    }

    /** The line that records a compaction: the whole history it left, where {@link #read} restarts the model context. */
    static ObjectNode compactionLine(List<ModelMessage> history) {
        ObjectNode line = Json.object().put("kind", "compaction");
        var messages = line.putArray("messages");
        history.forEach(m -> messages.add(MessageCodec.encode(m)));
        return line;
    }

    /** The sessions on disk, newest first, optionally only those with the given cwd. */
    public List<SessionRecord.Summary> list(Path cwd) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<SessionRecord.Summary> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith(SUFFIX)).toList()) {
                summary(file).filter(s -> cwd == null || s.meta().cwd().equals(cwd)).ifPresent(out::add);
            }
        } catch (IOException e) {
            log().warn("session directory cannot be listed: {}", e.getMessage());
        }
        out.sort(Comparator.comparing(SessionRecord.Summary::updatedAt).reversed()
                .thenComparing(s -> s.meta().sessionId().value()));
        return out;
    }

    private Optional<SessionRecord.Summary> summary(Path file) {
        String name = file.getFileName().toString();
        String id = name.substring(0, name.length() - SUFFIX.length());
        if (!SessionId.isValid(id)) {
            return Optional.empty();
        }
        SessionRecord.Meta meta = null;
        String title = null;
        try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
            for (String text : (Iterable<String>) lines::iterator) {
                // Only the small lines matter here; skip big updates without parsing them.
                if (!text.startsWith("{\"kind\":\"session\"") && !text.startsWith("{\"kind\":\"title\"")) {
                    continue;
                }
                try {
                    JsonNode line = Json.parse(text);
                    if (line.path("kind").asString("").equals("session")) {
                        meta = meta(line);
                    } else {
                        title = line.path("title").asString(null);
                    }
                } catch (JacksonException ignored) {
                    // A torn line after a crash.
                }
            }
        } catch (IOException | UncheckedIOException e) {
            return Optional.empty();
        }
        return meta == null ? Optional.empty() : Optional.of(new SessionRecord.Summary(meta, title, updatedAt(file)));
    }

    private static SessionRecord.Meta meta(JsonNode line) {
        List<Path> dirs = new ArrayList<>();
        line.path("additionalDirectories").forEach(d -> dirs.add(Path.of(d.asString())));
        Instant created;
        try {
            created = Instant.parse(line.path("createdAt").asString());
        } catch (RuntimeException e) {
            created = Instant.EPOCH;
        }
        return new SessionRecord.Meta(new SessionId(line.path("sessionId").asString()), Path.of(line.path("cwd").asString("/")), dirs, created);
    }

    private static Instant updatedAt(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            return Instant.EPOCH;
        }
    }

    /**
     * A turn cut short by a crash, or a call that failed past every guard, can leave tool calls
     * without results, which every model API rejects: answer them as interrupted, wherever in
     * the history they are.
     */
    static List<ModelMessage> repair(List<ModelMessage> messages) {
        return ToolPairing.repair(messages);
    }

    private Path file(SessionId id) {
        return dir.resolve(id.value() + SUFFIX);
    }

    private void ensureDir() {
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectories(dir);
                try {
                    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
                } catch (UnsupportedOperationException ignored) {
                    // Not a POSIX file system.
                }
            }
        } catch (IOException e) {
            log().warn("cannot create session directory {}: {}", dir, e.getMessage());
        }
    }
}
