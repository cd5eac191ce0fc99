package dev.tether.base.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;

/**
 * The one definition of a session's <em>project</em>: the top level of the git work tree that
 * holds the session's directory, else that directory itself. Project files ({@code .mcp.json},
 * and the project's instructions and settings) are read from the project root down to the
 * directory, never above it; what the user decides for a project (approved servers, the local
 * scope) is keyed by it.
 *
 * <p>The top level is found as git finds it, without running git: the nearest directory, from
 * the session's directory upwards, that holds a {@code .git} directory or a {@code .git} file
 * starting {@code gitdir:}. {@code core.worktree} is not followed here: the project root is
 * always the session's directory or one of its ancestors. Like git's own {@code safe.directory}
 * check, a {@code .git} that belongs to another user does not count, so a {@code /tmp/.git}
 * planted by someone else never makes {@code /tmp} the project of a session in {@code /tmp/x}.
 */
public final class ProjectRoot {
    private ProjectRoot() {}

    /** The project root of a session in {@code cwd}, as a real path where {@code cwd} exists. */
    public static Path of(Path cwd) {
        Path dir = canonical(cwd);
        return topLevel(dir).orElse(dir);
    }

    /**
     * The nearest directory at or above {@code dir} that holds a {@code .git} directory or
     * {@code gitdir:} file of this user's, if any.
     */
    public static Optional<Path> topLevel(Path dir) {
        UserPrincipal me = currentUser();
        for (Path d = dir.toAbsolutePath().normalize(); d != null; d = d.getParent()) {
            Path dotGit = d.resolve(".git");
            if (isRepositoryMarker(dotGit) && ownedBy(dotGit, me)) {
                return Optional.of(d);
            }
        }
        return Optional.empty();
    }

    /** The real path of {@code path}, or its absolute normal form when it cannot be resolved. */
    public static Path canonical(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException | SecurityException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** A {@code .git} directory, or a regular {@code .git} file that starts {@code gitdir:}. */
    static boolean isRepositoryMarker(Path dotGit) {
        return Files.isDirectory(dotGit, LinkOption.NOFOLLOW_LINKS)
                || RepositoryLocator.gitdirPointer(dotGit, LinkOption.NOFOLLOW_LINKS).isPresent();
    }

    private static boolean ownedBy(Path path, UserPrincipal me) {
        if (me == null) {
            return true;
        }
        try {
            return me.equals(Files.getOwner(path, LinkOption.NOFOLLOW_LINKS));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return true;
        }
    }

    /** This process's user, or null where the file system cannot tell owners. */
    public static UserPrincipal currentUser() {
        try {
            return java.nio.file.FileSystems.getDefault().getUserPrincipalLookupService()
                    .lookupPrincipalByName(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return null;
        }
    }
}
