package dev.tether.mcp.auth.ledger;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/** Checks and creates files and directories that only the current user may read or write. */
final class OwnerOnlyFiles {
    static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");
    static final FileAttribute<Set<PosixFilePermission>> FILE_ATTRIBUTE = PosixFilePermissions.asFileAttribute(FILE_MODE);

    private OwnerOnlyFiles() {}

    /** The directory, created 0700 if missing; refused when it is a symlink, someone else's, or writable by others. */
    static void directory(Path dir) {
        try {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(DIR_MODE));
            } catch (FileAlreadyExistsException e) {
                // Checked below.
            }
            PosixFileAttributes attrs = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attrs.isDirectory()) {
                throw new LedgerException("refusing to use " + dir + ": it is not a directory" + (attrs.isSymbolicLink() ? " (a symlink)" : ""));
            }
            checkOwner(dir);
            Set<PosixFilePermission> perms = attrs.permissions();
            if (perms.contains(PosixFilePermission.GROUP_WRITE) || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
                throw new LedgerException("refusing to use " + dir + ": others may write to it (mode "
                        + PosixFilePermissions.toString(perms) + "); run chmod 700 " + dir);
            }
        } catch (IOException e) {
            throw new LedgerException("cannot create " + dir + ": " + e.getMessage());
        }
    }

    /**
     * Whether {@code file} exists as a regular file owned by the current user with mode 0600;
     * false when it does not exist; refused (thrown) otherwise.
     */
    static boolean checkedFile(Path file) {
        PosixFileAttributes attrs;
        try {
            attrs = Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new LedgerException("cannot read " + file + ": " + e.getMessage());
        }
        if (attrs.isSymbolicLink()) {
            throw new LedgerException("refusing to use " + file + ": it is a symbolic link; it must be a regular file");
        }
        if (!attrs.isRegularFile()) {
            throw new LedgerException("refusing to use " + file + ": it is not a regular file");
        }
        checkOwner(file);
        if (!attrs.permissions().equals(FILE_MODE)) {
            throw new LedgerException("refusing to use " + file + ": its mode is " + PosixFilePermissions.toString(attrs.permissions())
                    + ", it must be rw------- (run chmod 600 " + file + ")");
        }
        return true;
    }

    private static void checkOwner(Path path) {
        try {
            int owner = (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            long me = new com.sun.security.auth.module.UnixSystem().getUid();
            if (owner != me) {
                throw new LedgerException("refusing to use " + path + ": it belongs to "
                        + Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName() + ", not to the current user");
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new LedgerException("cannot check the owner of " + path + ": " + e.getMessage());
        }
    }
}
