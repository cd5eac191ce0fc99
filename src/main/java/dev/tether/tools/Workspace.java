package dev.tether.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The directories a session may touch: its cwd and the additional directories, minus Tether's
 * own private directories (transcripts, artifacts, ledgers, config), which no tool may reach
 * even when they lie inside a root.
 *
 * <p>A path from the model is resolved the way the operating system would, symbolic links
 * included: the result is the real location (under the root as the user named it), so every
 * later check and every open works on a path with no link left in it. A path through a link
 * whose target does not exist is refused, because writing through it would create the target
 * wherever the link points. Callers open the last component without following links, so a link
 * swapped in after this check is not followed either.
 *
 * @param privateRoots directories that are never reachable through a tool
 */
public record Workspace(Path cwd, List<Path> additionalDirectories, List<Path> privateRoots) {
    public Workspace {
        cwd = cwd.toAbsolutePath().normalize();
        additionalDirectories = additionalDirectories.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        privateRoots = privateRoots.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    }

    /** A workspace with no private directories inside it (tests, the conformance client). */
    public Workspace(Path cwd, List<Path> additionalDirectories) {
        this(cwd, additionalDirectories, List.of());
    }

    public List<Path> roots() {
        List<Path> roots = new ArrayList<>();
        roots.add(cwd);
        roots.addAll(additionalDirectories);
        return roots;
    }

    /**
     * Resolves a path the model gave (absolute, or relative to the cwd) to its real location.
     *
     * @return the path with every symbolic link resolved, expressed under the root it lies in
     * @throws ToolError.TellModel when it is empty, leads outside every root, into a private directory,
     *                     or through a symbolic link whose target does not exist
     */
    public Path resolve(String path) throws ToolError.TellModel {
        if (path == null || path.isBlank()) {
            throw new ToolError.TellModel("path is required");
        }
        Path lexical;
        try {
            lexical = cwd.resolve(path).normalize();
        } catch (InvalidPathException e) {
            throw new ToolError.TellModel("invalid path: " + path);
        }
        if (rootOf(lexical) == null) {
            throw new ToolError.TellModel("path is outside the workspace: " + path);
        }
        Path real = real(lexical, path);
        Path root = rootOf(real);
        if (root == null) {
            throw new ToolError.TellModel("path is outside the workspace: " + path);
        }
        if (isPrivate(lexical) || isPrivate(real)) {
            throw new ToolError.TellModel("path is in Tether's private state directory: " + path);
        }
        Path realRoot = lenientReal(root);
        return real.startsWith(realRoot) ? root.resolve(realRoot.relativize(real)) : real;
    }

    /**
     * Whether {@code path} (already absolute) is, or lies inside, one of Tether's private
     * directories. Directory walks use this to skip them.
     */
    public boolean isPrivate(Path path) {
        Path normal = path.toAbsolutePath().normalize();
        Path real = lenientReal(normal);
        for (Path hidden : privateRoots) {
            Path realHidden = lenientReal(hidden);
            if (normal.startsWith(hidden) || normal.startsWith(realHidden) || real.startsWith(hidden) || real.startsWith(realHidden)) {
                return true;
            }
        }
        return false;
    }

    /** The root that contains {@code path} (as named, or in its real form), or null. */
    private Path rootOf(Path path) {
        for (Path root : roots()) {
            if (path.startsWith(root) || path.startsWith(lenientReal(root))) {
                return root;
            }
        }
        return null;
    }

    /**
     * The real path: every existing component resolved, the missing tail appended. Fails for a
     * dangling link (or a loop) anywhere on the way, since the system would follow it on create.
     */
    private static Path real(Path path, String asGiven) throws ToolError.TellModel {
        Deque<Path> missing = new ArrayDeque<>();
        Path existing = path;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            missing.push(existing.getFileName());
            existing = existing.getParent();
        }
        if (existing == null) {
            return path;
        }
        Path real;
        try {
            real = existing.toRealPath();
        } catch (IOException e) {
            throw new ToolError.TellModel("path leads through a symbolic link whose target does not exist: " + asGiven);
        }
        for (Path name : missing) {
            real = real.resolve(name);
        }
        return real;
    }

    /** Like {@link #real} but never fails: for roots and private directories, which may not exist yet. */
    private static Path lenientReal(Path path) {
        Deque<Path> missing = new ArrayDeque<>();
        Path existing = path;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            missing.push(existing.getFileName());
            existing = existing.getParent();
        }
        if (existing == null) {
            return path;
        }
        try {
            Path real = existing.toRealPath();
            for (Path name : missing) {
                real = real.resolve(name);
            }
            return real;
        } catch (IOException e) {
            return path;
        }
    }
}
