package dev.tether.tools.builtin;

import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.Workspace;
import java.nio.file.Path;

/**
 * How paths and snippets appear in titles and results. What goes into a title comes from the
 * model (or from file names in an untrusted workspace), so it passes the Unicode sanitiser: a
 * bidi override or a zero-width character must not make a title read differently from what the
 * call does.
 */
final class Display {
    private Display() {}

    /**
     * The path relative to the cwd when inside it (as the user thinks of it), else absolute.
     * Exact, for results the model acts on: a cleaned name could name another file.
     */
    static String path(Workspace workspace, Path path) {
        if (path.equals(workspace.cwd())) {
            return ".";
        }
        if (path.startsWith(workspace.cwd())) {
            return workspace.cwd().relativize(path).toString();
        }
        return path.toString();
    }

    /** {@link #path} for a title, which a person reads: sanitised. */
    static String titlePath(Workspace workspace, Path path) {
        return UnicodeSanitizer.clean(path(workspace, path));
    }

    /** A one-line, bounded rendering for titles such as "Run `npm test`". */
    static String snippet(String text, int max) {
        String line = UnicodeSanitizer.clean(text).strip().replaceAll("\\s*\\R\\s*", " ");
        return line.length() <= max ? line : line.substring(0, max - 1) + "…";
    }

    /**
     * Text shown verbatim (a command in a permission prompt) with every character the sanitiser
     * would remove spelled out as {@code <U+202E>}: the user sees exactly what runs, invisible
     * characters included, instead of a cleaned version that differs from it.
     */
    static String visible(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            String one = Character.toString(cp);
            if (cp == '\t' || cp == '\n' || cp == '\r' || (cp >= 0x20 && cp < 0x7F)
                    || (cp >= 0x80 && !UnicodeSanitizer.clean(one).isEmpty())) {
                out.append(one);
            } else {
                out.append(String.format("<U+%04X>", cp));
            }
        });
        return out.toString();
    }

    static String bytes(long size) {
        if (size < 1024) {
            return size + " bytes";
        }
        if (size < 1024 * 1024) {
            return (size / 1024) + " KB";
        }
        return String.format(java.util.Locale.ROOT, "%.1f MB", size / (1024.0 * 1024.0));
    }

    static int lineCount(String text) {
        if (text.isEmpty()) {
            return 0;
        }
        int lines = (int) text.chars().filter(c -> c == '\n').count();
        return text.endsWith("\n") ? lines : lines + 1;
    }
}
