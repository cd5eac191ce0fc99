package dev.tether.tools.builtin;

import dev.tether.base.Glob;
import dev.tether.tools.Workspace;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Walks a directory tree for list_files and search: regular files only, symbolic links not
 * followed (they could lead out of the workspace), Tether's private directories never entered
 * (they may lie inside the workspace), and the usual bulky directories skipped.
 */
final class FileWalk {
    /** Directories that are almost never what the model is looking for and can be huge. */
    static final Set<String> SKIPPED = Set.of(".git", "node_modules", "target");

    private FileWalk() {}

    /**
     * Calls {@code visitor} for each file in order until it returns false.
     *
     * @param checkpoint runs before each directory; throws to stop the walk (cancellation, a deadline)
     */
    static void walk(Path root, Workspace workspace, Runnable checkpoint, Predicate<Path> visitor) throws IOException {
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                checkpoint.run();
                if (!dir.equals(root) && SKIPPED.contains(dir.getFileName().toString())) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                if (workspace.isPrivate(dir)) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                if (!attrs.isRegularFile()) {
                    return FileVisitResult.CONTINUE;
                }
                return visitor.test(file) ? FileVisitResult.CONTINUE : FileVisitResult.TERMINATE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
                // An unreadable entry must not end the whole listing.
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /**
     * A {@linkplain Glob#path path glob} over '/'-separated relative paths. A leading {@code **}{@code /}
     * also matches no directory at all, so {@code **}{@code /*.java} finds {@code Main.java} at the
     * top, as users expect from shells and ripgrep; further in, {@code /**}{@code /} spans at least
     * one directory, as these tools have always matched ({@code src/**}{@code /*.java} does not
     * find {@code src/Main.java}).
     *
     * @throws IllegalArgumentException the glob is malformed
     */
    static Predicate<String> glob(String pattern) {
        String spanning = pattern.startsWith("**/")
                ? "**/" + pattern.substring(3).replace("**/", "**/*/")
                : pattern.replace("**/", "**/*/");
        return Glob.path(spanning)::matches;
    }

    static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }
}
