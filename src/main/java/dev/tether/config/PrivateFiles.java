package dev.tether.config;

import dev.tether.json.Json;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import tools.jackson.databind.JsonNode;

/**
 * Writes the small JSON files only the user may read (stored credentials, project choices):
 * the directory made {@code 0700}, the content written to a temporary file made {@code 0600}
 * before anything is in it, then moved over the old file in one step, never through a symbolic
 * link. A reader sees the old file or the new one, never half of either.
 */
final class PrivateFiles {
    private PrivateFiles() {}

    /** Replaces {@code file} with {@code root}, pretty-printed; {@code tempPrefix} names the temporary file. */
    static void writeJson(Path file, JsonNode root, String tempPrefix) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        restrict(dir, "rwx------");
        if (Files.isSymbolicLink(file)) {
            throw new IOException(file + " is a symbolic link; refusing to write through it");
        }
        Path temp = Files.createTempFile(dir, tempPrefix, ".tmp");
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
    }

    private static void restrict(Path path, String permissions) throws IOException {
        if (Files.getFileStore(path).supportsFileAttributeView("posix")) {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
        }
    }
}
