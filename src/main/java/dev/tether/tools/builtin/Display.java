package dev.tether.tools.builtin;

import dev.tether.tools.Workspace;
import java.nio.file.Path;

/** How paths and snippets appear in titles and results. */
final class Display {
    private Display() {}

    /** The path relative to the cwd when inside it (as the user thinks of it), else absolute. */
    static String path(Workspace workspace, Path path) {
        if (path.equals(workspace.cwd())) {
            return ".";
        }
        if (path.startsWith(workspace.cwd())) {
            return workspace.cwd().relativize(path).toString();
        }
        return path.toString();
    }

    /** A one-line, bounded rendering for titles such as "Run `npm test`". */
    static String snippet(String text, int max) {
        String line = text.strip().replaceAll("\\s*\\R\\s*", " ");
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }

    static int lineCount(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int lines = (int) text.chars().filter(c -> c == '\n').count();
        return text.endsWith("\n") ? lines : lines + 1;
    }
}
