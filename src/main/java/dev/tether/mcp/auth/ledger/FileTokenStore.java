package dev.tether.mcp.auth.ledger;

import dev.tether.json.Json;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OAuth records in a JSON file, {@code {"version": 1, "records": {key: record}}}, opaque by
 * key. The file must be a regular file owned by the current user with mode 0600, in a directory
 * only the user can write; anything else is refused with a {@link LedgerException} before a
 * byte is read or written. Every change is a read-modify-write under an in-process lock and an
 * exclusive {@link FileLock} on the sidecar {@code <file>.lock} (so two Tether processes never
 * lose each other's updates), and lands by atomic replace: a 0600 temp file in the same
 * directory, fsync, {@code ATOMIC_MOVE}. Readers therefore never see a half-written file.
 *
 * <p>{@link #hostLedger} is what {@code tether mcp login} writes. <b>ACP sessions never read
 * it</b>: a session keeps what it obtains in memory and, only if the user opted in, in the
 * separate {@link AcpTokenStore ACP ledger}.
 */
public final class FileTokenStore implements TokenStore {
    /** The host ledger's file name under {@code $XDG_STATE_HOME/tether/oauth}. */
    public static final String HOST_LEDGER = "ledger.json";
    /** The opt-in ACP ledger's file name, beside the host ledger. */
    public static final String ACP_LEDGER = "acp-ledger.json";
    private static final int VERSION = 1;

    /*
     * FileLock is held per process, not per thread, and a second lock on the same file from this
     * JVM throws OverlappingFileLockException: threads of one process queue on this lock first.
     * Keyed by absolute path, so two stores on one file share it.
     */
    private static final Map<Path, ReentrantLock> PROCESS_LOCKS = new ConcurrentHashMap<>();

    private final Path file;
    private final Path lockFile;

    /** A ledger at {@code file}; its directory is created (0700) when first written. */
    public FileTokenStore(Path file) {
        this.file = file.toAbsolutePath().normalize();
        this.lockFile = this.file.resolveSibling(this.file.getFileName() + ".lock");
    }

    /** {@code $XDG_STATE_HOME/tether/oauth}, given Tether's state directory ({@code $XDG_STATE_HOME/tether}). */
    public static Path directory(Path stateDir) {
        return stateDir.resolve("oauth");
    }

    /** The host ledger, for {@code tether mcp login|logout|status}. Never for ACP sessions. */
    public static FileTokenStore hostLedger(Path stateDir) {
        return new FileTokenStore(directory(stateDir).resolve(HOST_LEDGER));
    }

    public Path file() {
        return file;
    }

    @Override
    public Optional<JsonNode> load(String key) {
        return Optional.ofNullable(read().get(key)).map(JsonNode::deepCopy);
    }

    @Override
    public void save(String key, JsonNode record) {
        JsonNode copy = record.deepCopy();
        update(records -> records.set(key, copy));
    }

    @Override
    public void delete(String key) {
        update(records -> records.remove(key));
    }

    @Override
    public List<String> keys() {
        List<String> keys = new ArrayList<>(read().propertyNames());
        keys.sort(null);
        return List.copyOf(keys);
    }

    /** Removes several records in one write. */
    public void deleteAll(List<String> keys) {
        update(records -> records.remove(keys));
    }

    private ObjectNode read() {
        if (!OwnerOnlyFiles.checkedFile(file)) {
            return Json.object();
        }
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new LedgerException("cannot read " + file + ": " + e.getMessage());
        }
        try {
            JsonNode root = Json.parse(text);
            JsonNode records = root.get("records");
            if (!root.isObject() || records == null || !records.isObject()) {
                throw new LedgerException(file + " is not a Tether OAuth ledger; move it away to start a new one");
            }
            return (ObjectNode) records;
        } catch (JacksonException e) {
            throw new LedgerException(file + " is not valid JSON; move it away to start a new one");
        }
    }

    private void update(Consumer<ObjectNode> change) {
        ReentrantLock lock = PROCESS_LOCKS.computeIfAbsent(file, f -> new ReentrantLock());
        lock.lock();
        try {
            OwnerOnlyFiles.directory(file.getParent());
            try (FileChannel channel = openLockFile(); FileLock ignored = channel.lock()) {
                ObjectNode records = read();
                change.accept(records);
                ObjectNode root = Json.object();
                root.put("version", VERSION);
                root.set("records", records);
                replace(Json.write(root));
            }
        } catch (IOException e) {
            throw new LedgerException("cannot write " + file + ": " + e.getMessage());
        } finally {
            lock.unlock();
        }
    }

    private FileChannel openLockFile() throws IOException {
        if (!OwnerOnlyFiles.checkedFile(lockFile)) {
            try {
                Files.createFile(lockFile, OwnerOnlyFiles.FILE_ATTRIBUTE);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // Another process made it first; checked below.
            }
            OwnerOnlyFiles.checkedFile(lockFile);
        }
        return FileChannel.open(lockFile, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
    }

    private void replace(String json) throws IOException {
        Path temp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
        try {
            try (FileChannel out = FileChannel.open(temp, java.util.Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS), OwnerOnlyFiles.FILE_ATTRIBUTE)) {
                ByteBuffer bytes = ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8));
                while (bytes.hasRemaining()) {
                    out.write(bytes);
                }
                out.force(true);
            }
            // The umask can only narrow the mode, but say exactly what we mean.
            Files.setPosixFilePermissions(temp, OwnerOnlyFiles.FILE_MODE);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
        syncDirectory();
    }

    /** Makes the rename itself durable; not every platform lets a directory be opened, which is fine. */
    private void syncDirectory() {
        try (FileChannel dir = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
            dir.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // Best effort: the data itself was forced before the move.
        }
    }

    @Override
    public String toString() {
        return "FileTokenStore[" + file + "]";
    }
}
