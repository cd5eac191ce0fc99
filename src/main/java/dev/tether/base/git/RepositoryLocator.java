package dev.tether.base.git;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the repositories a directory lies in the way git's own discovery does, without running
 * git: in each directory from the given one up to the file-system root, a {@code .git} directory,
 * a {@code .git} file saying {@code gitdir: <path>} (followed, relative to the directory holding
 * it), or the directory itself looking like a git directory ({@link GitDirShape}, the bare
 * layout). Git stops at the first; this goes on to the root, since git run in an outer
 * directory reads the outer repository's configuration just the same. A linked worktree's git
 * directory names its common directory in a {@code commondir} file.
 *
 * <p>Only regular files are read, and only their first {@value #MAX_POINTER_BYTES} bytes.
 * Repositories of other users count too: protecting what git might refuse to read costs a
 * question, never a command.
 */
final class RepositoryLocator {
    static final int MAX_POINTER_BYTES = 4096;
    private static final String GITDIR = "gitdir: ";

    private RepositoryLocator() {}

    /** Every repository {@code dir} lies in, innermost first. */
    static List<GitRepository> enclosing(Path dir) {
        List<GitRepository> found = new ArrayList<>();
        for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
            dotGit(d).ifPresent(found::add);
            if (GitDirShape.looksLikeGitDir(d)) {
                found.add(new GitRepository(d, commonDir(d), null));
            }
        }
        return found;
    }

    /** The repository whose work tree {@code dir} is, by a {@code .git} directory or pointer file in it. */
    private static Optional<GitRepository> dotGit(Path dir) {
        Path dotGit = dir.resolve(".git");
        Optional<Path> gitDir = Files.isDirectory(dotGit) ? Optional.of(dotGit)
                : gitdirPointer(dotGit).filter(pointer -> !pointer.isEmpty()).flatMap(pointer -> resolve(dir, pointer));
        return gitDir.map(git -> new GitRepository(git, commonDir(git), dir));
    }

    /**
     * What a {@code .git} file points at: the rest of its first line after {@code gitdir: }
     * (possibly empty), or empty when it is no regular file or does not start so.
     */
    static Optional<String> gitdirPointer(Path file, LinkOption... options) {
        return firstLine(file, options).filter(line -> line.startsWith(GITDIR)).map(line -> line.substring(GITDIR.length()));
    }

    /** The common directory of {@code gitDir}: what its {@code commondir} file names, else itself. */
    static Path commonDir(Path gitDir) {
        return firstLine(gitDir.resolve("commondir")).filter(line -> !line.isEmpty())
                .flatMap(line -> resolve(gitDir, line)).orElse(gitDir);
    }

    private static Optional<Path> resolve(Path base, String path) {
        try {
            return Optional.of(base.resolve(path).normalize());
        } catch (InvalidPathException e) {
            // A name the platform cannot form (a NUL byte) cannot be opened by git either.
            return Optional.empty();
        }
    }

    /** The first line of a regular file, read no further than {@value #MAX_POINTER_BYTES} bytes. */
    static Optional<String> firstLine(Path file, LinkOption... options) {
        if (!Files.isRegularFile(file, options)) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(file, options)) {
            String head = new String(in.readNBytes(MAX_POINTER_BYTES), StandardCharsets.UTF_8);
            int end = 0;
            while (end < head.length() && head.charAt(end) != '\n' && head.charAt(end) != '\r') {
                end++;
            }
            return Optional.of(head.substring(0, end));
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }
}
