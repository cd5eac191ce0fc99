package dev.tether.base.git;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Whether a directory looks like a git directory, so that git run inside it (a shell prompt runs
 * {@code git status} on {@code cd}) takes it for a repository and reads its {@code config}.
 * Git itself wants a valid {@code HEAD} and {@code objects/} and {@code refs/} (or a
 * {@code commondir} naming where they are); this is looser on purpose: {@code HEAD} with
 * {@code objects} and {@code refs}, or with a {@code config} or a {@code commondir}, of any kind
 * and any content. Over-reading costs the user a question; under-reading runs a stranger's
 * command.
 *
 * <p>The directory is judged as it will be after a write that adds one entry: so a git directory
 * assembled file by file is caught at the write that completes it. The added entry's name is
 * compared ignoring case (the write may land on a case-insensitive file system); existing entries
 * are looked up by git's own names, which such a file system answers for any case, as it would
 * for git.
 */
final class GitDirShape {
    private static final String HEAD = "HEAD";

    private GitDirShape() {}

    /** Whether {@code dir} looks like a git directory now. */
    static boolean looksLikeGitDir(Path dir) {
        return looksLikeGitDir(dir, null);
    }

    /**
     * Whether {@code dir} will look like a git directory once an entry named {@code added} (a
     * file or a directory the write creates; null for none) is in it.
     */
    static boolean looksLikeGitDir(Path dir, String added) {
        if (!has(dir, HEAD, added)) {
            return false;
        }
        return (has(dir, "objects", added) && has(dir, "refs", added)) || has(dir, "config", added)
                || has(dir, "commondir", added);
    }

    private static boolean has(Path dir, String name, String added) {
        if (added != null && RealPaths.sameName(added, name)) {
            return true;
        }
        try {
            return Files.exists(dir.resolve(name), LinkOption.NOFOLLOW_LINKS);
        } catch (SecurityException e) {
            return true;
        }
    }
}
