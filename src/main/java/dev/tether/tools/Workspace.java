package dev.tether.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The directories a session may touch: its cwd and the additional directories. Paths from the
 * model are resolved against the cwd and must stay inside one of the roots, also after
 * following symbolic links.
 */
public record Workspace(Path cwd, List<Path> additionalDirectories) {
    public Workspace {
        cwd = cwd.toAbsolutePath().normalize();
        additionalDirectories = additionalDirectories.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    }

    public List<Path> roots() {
        List<Path> roots = new ArrayList<>();
        roots.add(cwd);
        roots.addAll(additionalDirectories);
        return roots;
    }

    /**
     * Resolves a path the model gave (absolute, or relative to the cwd).
     *
     * @throws ToolFailure when it is empty or leads outside every root
     */
    public Path resolve(String path) throws ToolFailure {
        if (path == null || path.isBlank()) {
            throw new ToolFailure("path is required");
        }
        Path resolved;
        try {
            resolved = cwd.resolve(path).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new ToolFailure("invalid path: " + path);
        }
        if (!inside(resolved) || !inside(real(resolved))) {
            throw new ToolFailure("path is outside the workspace: " + path);
        }
        return resolved;
    }

    private boolean inside(Path path) {
        for (Path root : roots()) {
            if (path.startsWith(root) || path.startsWith(real(root))) {
                return true;
            }
        }
        return false;
    }

    /** The real path of the nearest existing ancestor, with the rest appended. */
    private static Path real(Path path) {
        Path existing = path;
        while (existing != null && !Files.exists(existing, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return path;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(path)).normalize();
        } catch (IOException e) {
            return path;
        }
    }
}
