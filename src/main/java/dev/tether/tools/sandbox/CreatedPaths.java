package dev.tether.tools.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The files other programs run that a sandboxed command may have created. A new file cannot be
 * forbidden in a writable tree, so the names the trust boundary protects are looked for before and
 * after the command, in the workspace roots and the command's directory (with the directories
 * between them): what appeared is removed and reported. Deeper directories are not walked, which
 * would cost a walk of the workspace per command.
 */
public final class CreatedPaths {
    private final List<Path> dirs;
    private final Set<Path> before;

    private CreatedPaths(List<Path> dirs, Set<Path> before) {
        this.dirs = dirs;
        this.before = before;
    }

    /** What exists now in {@code roots} and from {@code cwd} up to the root holding it. */
    public static CreatedPaths before(List<Path> roots, Path cwd) {
        Set<Path> dirs = new LinkedHashSet<>();
        for (Path root : roots) {
            Path r = root.toAbsolutePath().normalize();
            dirs.add(r);
            for (Path d = cwd.toAbsolutePath().normalize(); d != null && d.startsWith(r); d = d.getParent()) {
                dirs.add(d);
            }
        }
        List<Path> list = List.copyOf(dirs);
        return new CreatedPaths(list, existing(list));
    }

    /** What the command created since {@link #before}. */
    public List<Path> created() {
        List<Path> created = new ArrayList<>();
        for (Path p : existing(dirs)) {
            if (!before.contains(p)) {
                created.add(p);
            }
        }
        return created;
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
            for (String name : BwrapCommand.ROOT_PROTECTED) {
                Path p = dir.resolve(name);
                if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                    found.add(p);
                }
            }
        }
        return found;
    }
}
