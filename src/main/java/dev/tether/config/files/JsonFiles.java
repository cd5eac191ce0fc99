package dev.tether.config.files;

import dev.tether.json.Json;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reading and rewriting the JSON files {@code tether mcp} edits (the user config, a project's
 * {@code .mcp.json}, the local servers store). A file that cannot be read or is not a JSON object
 * is never overwritten: the edit fails with the reason. Everything the edit does not touch is kept
 * (other keys, their order, numbers as written), and the text is laid out as
 * {@code JSON.stringify(value, null, 2)} lays it out, so a file Claude Code wrote changes only where
 * it was edited. Writes are atomic: a temporary file in the same directory, moved over the old one.
 */
public final class JsonFiles {
    /**
     * Numbers stay as written ({@code 1.50} is not rewritten as {@code 1.5}). A reader of the shared
     * mapper, not a mapper of its own: building a second mapper cost the first {@code session/new}
     * (which reads the permission rules' files) tens of milliseconds.
     */
    private static ObjectReader exact() {
        return Json.mapper().reader().with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .with(DeserializationFeature.USE_BIG_INTEGER_FOR_INTS);
    }

    /** A file that cannot be edited; the message is for the user. */
    public static final class EditException extends Exception {
        public EditException(String message) {
            super(message, null, false, false);
        }
    }

    private JsonFiles() {}

    /** The object in {@code file}; an empty one when the file does not exist. */
    public static ObjectNode read(Path file) throws EditException {
        String text;
        try {
            text = Files.readString(file);
        } catch (NoSuchFileException e) {
            return Json.object();
        } catch (IOException e) {
            throw new EditException("cannot read " + file + ": " + e.getMessage());
        }
        if (text.isBlank()) {
            return Json.object();
        }
        JsonNode node;
        try {
            node = exact().readTree(text);
        } catch (JacksonException e) {
            throw new EditException(file + " is not valid JSON"
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")") + "; fix it first, it was left as it is");
        }
        if (!(node instanceof ObjectNode object)) {
            throw new EditException(file + " does not hold a JSON object; fix it first, it was left as it is");
        }
        return object;
    }

    /** Who a written file is for. */
    public enum Mode {
        /** Tether's own state: a symbolic link is refused; the file is 0600 in a 0700 directory. */
        PRIVATE,
        /** The user's config: a link is followed (dotfiles repositories link it); a new file is 0600. */
        PERSONAL,
        /** A project's file, meant to be shared: a link is followed; a new file is 0644. */
        SHARED
    }

    /** Writes {@code root} to {@code file} atomically; an existing file keeps its permissions (except {@link Mode#PRIVATE}). */
    public static void write(Path file, ObjectNode root, Mode mode) throws EditException {
        boolean ownerOnly = mode == Mode.PRIVATE;
        Path target = file;
        try {
            if (Files.isSymbolicLink(file)) {
                if (ownerOnly) {
                    throw new EditException(file + " is a symbolic link; refusing to write through it");
                }
                target = file.toRealPath();
            }
            Path dir = target.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            if (ownerOnly) {
                restrict(dir, "rwx------");
            }
            Set<PosixFilePermission> keep = posix(target) && Files.exists(target, LinkOption.NOFOLLOW_LINKS)
                    ? Files.getPosixFilePermissions(target) : null;
            Path temp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
            try {
                if (ownerOnly) {
                    restrict(temp, "rw-------");
                } else if (keep != null) {
                    Files.setPosixFilePermissions(temp, keep);
                } else {
                    restrict(temp, mode == Mode.PERSONAL ? "rw-------" : "rw-r--r--");
                }
                Files.writeString(temp, JsonText.pretty(root) + "\n");
                try {
                    Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temp);
            }
        } catch (IOException e) {
            throw new EditException("cannot write " + file + ": " + e.getMessage());
        }
    }

    private static boolean posix(Path path) throws IOException {
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        return existing != null && Files.getFileStore(existing).supportsFileAttributeView("posix");
    }

    private static void restrict(Path path, String permissions) throws IOException {
        if (posix(path)) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
        }
    }
}
