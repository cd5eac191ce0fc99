package dev.tether.tools.sandbox;

import dev.tether.base.git.GitWrites;
import dev.tether.base.git.UserGitConfig;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The files other programs run that a sandboxed command may have created. A new file cannot be
 * forbidden in a writable tree, so the names the trust boundary protects are looked for before and
 * after the command, in the workspace roots and the command's directory (with the directories
 * between them): what appeared is removed and reported. Deeper directories are not walked, which
 * would cost a walk of the workspace per command.
 *
 * <p>The same for what git reads and runs in the repositories of the roots ({@link GitWrites#runFrom}:
 * {@code commondir}, {@code config}, {@code config.worktree}, the files in {@code hooks/} and in the
 * {@code core.hooksPath} directory, included files), found again after the command as git would
 * then find them: a new {@code commondir} leads to a new common directory, whose files are new too.
 * What appeared is removed; what changed, and a {@code .git} that is not the same directory or file
 * as before (device and inode), cannot be undone safely and is only {@linkplain #changed reported}.
 */
public final class CreatedPaths {
    /** At most this many entries of one hooks directory are compared; a hook past them is not seen. */
    static final int MAX_ENTRIES = 1024;
    private static final GitWrites GIT = new GitWrites(UserGitConfig.NONE);

    private final List<Path> roots;
    private final List<Path> dirs;
    private final Set<Path> before;
    private final Map<Path, Object> gitBefore;

    private CreatedPaths(List<Path> roots, List<Path> dirs, Set<Path> before, Map<Path, Object> gitBefore) {
        this.roots = roots;
        this.dirs = dirs;
        this.before = before;
        this.gitBefore = gitBefore;
    }

    /** What exists now in {@code roots} and from {@code cwd} up to the root holding it. */
    public static CreatedPaths before(List<Path> roots, Path cwd) {
        Set<Path> dirs = new LinkedHashSet<>();
        List<Path> normal = new ArrayList<>();
        for (Path root : roots) {
            Path r = root.toAbsolutePath().normalize();
            normal.add(r);
            dirs.add(r);
            for (Path d = cwd.toAbsolutePath().normalize(); d != null && d.startsWith(r); d = d.getParent()) {
                dirs.add(d);
            }
        }
        List<Path> list = List.copyOf(dirs);
        List<Path> rootList = List.copyOf(normal);
        return new CreatedPaths(rootList, list, existing(list), gitFiles(rootList));
    }

    /** What the command created since {@link #before}: nothing inside another path of the list. */
    public List<Path> created() {
        Set<Path> found = new LinkedHashSet<>();
        for (Path p : existing(dirs)) {
            if (!before.contains(p)) {
                found.add(p);
            }
        }
        for (Path p : gitFiles(roots).keySet()) {
            if (!gitBefore.containsKey(p)) {
                found.add(p);
            }
        }
        List<Path> created = new ArrayList<>();
        for (Path p : found) {
            if (created.stream().noneMatch(p::startsWith)) {
                created.add(p);
            }
        }
        return created;
    }

    /**
     * What git reads or runs that the command changed since {@link #before} without creating it:
     * a file with other contents (size or modification time), a {@code .git} or hooks directory
     * that is another one now (moved away and replaced).
     */
    public List<Path> changed() {
        List<Path> changed = new ArrayList<>();
        gitFiles(roots).forEach((p, key) -> {
            if (gitBefore.containsKey(p) && !Objects.equals(gitBefore.get(p), key)) {
                changed.add(p);
            }
        });
        return changed;
    }

    /**
     * The identity of every file git reads or runs for the repositories of {@code roots}, and of
     * each root's {@code .git}: a directory by device and inode, a file also by size and time.
     */
    private static Map<Path, Object> gitFiles(List<Path> roots) {
        Map<Path, Object> found = new LinkedHashMap<>();
        for (Path root : roots) {
            identity(root.resolve(".git")).ifPresent(key -> found.put(root.resolve(".git"), key));
            for (Path place : GIT.runFrom(root)) {
                identity(place).ifPresent(key -> found.put(place, key));
                if (Files.isDirectory(place, LinkOption.NOFOLLOW_LINKS)) {
                    try (DirectoryStream<Path> entries = Files.newDirectoryStream(place)) {
                        int n = 0;
                        for (Path entry : entries) {
                            if (++n > MAX_ENTRIES) {
                                break;
                            }
                            identity(entry).ifPresent(key -> found.put(entry, key));
                        }
                    } catch (IOException | RuntimeException e) {
                        // Unreadable: nothing of it is compared.
                    }
                }
            }
        }
        return found;
    }

    private static java.util.Optional<Object> identity(Path path) {
        try {
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            Object key = a.fileKey() != null ? a.fileKey() : path;
            return java.util.Optional.of(a.isDirectory() ? key : List.of(key, a.size(), a.lastModifiedTime()));
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    /**
     * Removes {@code path} (a directory with everything in it), not following links.
     *
     * @return whether it is gone
     */
    public static boolean remove(Path path) {
        try (Stream<Path> walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
            return true;
        } catch (IOException | RuntimeException e) {
            return !Files.exists(path, LinkOption.NOFOLLOW_LINKS);
        }
    }

    private static Set<Path> existing(List<Path> dirs) {
        Set<Path> found = new LinkedHashSet<>();
        for (Path dir : dirs) {
            // The protected names, and a new .git (a repository git would read).
            found.addAll(ProtectedNames.in(dir));
            Path dotGit = dir.resolve(".git");
            if (Files.exists(dotGit, LinkOption.NOFOLLOW_LINKS)) {
                found.add(dotGit);
            }
        }
        return found;
    }
}
