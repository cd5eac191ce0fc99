package dev.tether.mcp.call;

import dev.tether.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A session's private store for tool results too large to keep inline: one directory (created
 * {@code 0700}, never through a symbolic link), one file per artifact ({@code 0600}, created
 * new), named by a random id. Only the id ({@code artifact:<id>}) is ever shown: ACP sessions
 * must not expose local paths to the model or the editor.
 */
public final class ArtifactStore {
    /** Ids are 32 hex digits; anything else is never resolved to a file. */
    private static final Pattern ID = Pattern.compile("[0-9a-f]{32}");
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");

    /** The provenance of an artifact is kept beside it, in {@code <id>.meta}. */
    private static final String META_SUFFIX = ".meta";
    private static final int MAX_META_BYTES = 4096;

    private final Path dir;
    private final SecureRandom random = new SecureRandom();
    private boolean prepared;
    private volatile boolean any;

    /** @param dir the session's artifact directory, or null for a session that keeps none */
    public ArtifactStore(Path dir) {
        this.dir = dir;
    }

    public static ArtifactStore none() {
        return new ArtifactStore(null);
    }

    public boolean enabled() {
        return dir != null;
    }

    /** A new, empty artifact open for writing. */
    Artifact create() throws IOException {
        if (dir == null) {
            throw new IOException("this session keeps no artifacts");
        }
        prepare();
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        String id = HexFormat.of().formatHex(bytes);
        Path file = dir.resolve(id);
        OutputStream out = posix()
                ? Channels.newOutputStream(Files.newByteChannel(file, Set.of(StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(FILE_MODE)))
                : Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new Artifact(id, file, out);
    }

    /**
     * A scratch file for the text of a huge result while its line is read ({@link
     * dev.tether.jsonrpc.SpillFiles}): in this store's directory, {@code 0600}, created new and never
     * through a link, under a random name that is never an artifact id, and deleted when closed —
     * on POSIX systems at once, so it is never seen by {@link #file} nor left behind.
     */
    public FileChannel spillFile() throws IOException {
        if (dir == null) {
            throw new IOException("this session keeps no artifacts");
        }
        prepare();
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        Path file = dir.resolve("spill-" + HexFormat.of().formatHex(bytes));
        Set<StandardOpenOption> options = Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE, StandardOpenOption.DELETE_ON_CLOSE);
        Set<java.nio.file.OpenOption> open = new java.util.HashSet<>(options);
        open.add(LinkOption.NOFOLLOW_LINKS);
        return posix() ? FileChannel.open(file, open, PosixFilePermissions.asFileAttribute(FILE_MODE))
                : FileChannel.open(file, open);
    }

    /**
     * The file of an artifact of this session, or null for an unknown or malformed id, a symbolic
     * link, or a directory that is itself a link (it would lead outside the session's store).
     */
    public Path file(String id) {
        if (dir == null || id == null || !ID.matcher(id).matches() || Files.isSymbolicLink(dir)) {
            return null;
        }
        Path file = dir.resolve(id);
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? file : null;
    }

    /**
     * Whether this session has at least one artifact: one written since the runtime started, or
     * one left by an earlier life of the session (a loaded or resumed session keeps its store).
     */
    public boolean any() {
        if (any || dir == null) {
            return any;
        }
        if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        try (var files = Files.list(dir)) {
            any = files.anyMatch(f -> file(f.getFileName().toString()) != null);
        } catch (IOException e) {
            return false;
        }
        return any;
    }

    /** Records that an artifact was completed: from now on {@link #any()} is true. */
    void completed(String id, Provenance provenance) {
        any = true;
        if (provenance == null) {
            return;
        }
        Path meta = dir.resolve(id + META_SUFFIX);
        byte[] bytes = Json.write(provenance.toJson()).getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = posix()
                ? Channels.newOutputStream(Files.newByteChannel(meta, Set.of(StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(FILE_MODE)))
                : Files.newOutputStream(meta, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.write(bytes);
        } catch (IOException e) {
            // The artifact stays readable; only its provenance is unknown.
        }
    }

    /** Where an artifact came from, as recorded when it was written; null when unknown. */
    public Provenance provenance(String id) {
        if (file(id) == null) {
            return null;
        }
        Path meta = dir.resolve(id + META_SUFFIX);
        if (!Files.isRegularFile(meta, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        try (InputStream in = Channels.newInputStream(Files.newByteChannel(meta, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)))) {
            byte[] bytes = in.readNBytes(MAX_META_BYTES);
            return Provenance.fromJson(Json.parse(new String(bytes, StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private synchronized void prepare() throws IOException {
        if (prepared) {
            return;
        }
        if (Files.isSymbolicLink(dir)) {
            throw new IOException("the artifact directory is a symbolic link");
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            FileAttribute<?>[] attrs = posix() ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(DIR_MODE)}
                    : new FileAttribute<?>[0];
            try {
                Files.createDirectories(dir, attrs);
            } catch (FileAlreadyExistsException e) {
                throw new IOException("the artifact directory exists and is not a directory");
            }
        }
        if (posix()) {
            Files.setPosixFilePermissions(dir, DIR_MODE); // the umask or an earlier owner may have widened it
        }
        prepared = true;
    }

    private boolean posix() {
        return dir.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** An artifact being written; {@link #discard()} removes a partial one. */
    record Artifact(String id, Path file, OutputStream out) {
        void discard() {
            try {
                out.close();
            } catch (IOException ignored) {
                // The file is removed below either way.
            }
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // Nothing more can be done; the id was never shown.
            }
        }
    }
}
