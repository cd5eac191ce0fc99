package dev.tether.context;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code @path} imports in an instruction file, as Claude Code reads them: a word that starts with
 * {@code @} names a file relative to the importing file's directory, outside fenced code blocks and
 * code spans. An import must stay inside the importing file's tree (the project, or the user's
 * directory for the user's file): absolute paths and {@code ~} are not followed, and the reader
 * checks the real path. Imports nest {@value #MAX_DEPTH} deep at most, and a file is read once, so
 * a cycle ends.
 */
final class Imports {
    static final int MAX_DEPTH = 5;
    private static final Pattern IMPORT = Pattern.compile("(?<![\\w@`])@([\\w./-][^\\s`]*)");
    private static final Pattern CODE_SPAN = Pattern.compile("`[^`\\n]*`");

    private Imports() {}

    /** The paths {@code text} imports, in order, each once. */
    static List<String> in(String text) {
        LinkedHashSet<String> paths = new LinkedHashSet<>();
        boolean fenced = false;
        for (String line : text.split("\n", -1)) {
            String trimmed = line.strip();
            if (trimmed.startsWith("```") || trimmed.startsWith("~~~")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = IMPORT.matcher(CODE_SPAN.matcher(line).replaceAll(" "));
            while (m.find()) {
                String path = m.group(1).replaceAll("[.,;:!?)\\]]+$", "");
                if (!path.isEmpty()) {
                    paths.add(path);
                }
            }
        }
        return new ArrayList<>(paths);
    }

    /** The file {@code path} names from {@code dir}, or null when it is not a relative path. */
    static Path resolve(Path dir, String path) {
        if (path.startsWith("/") || path.startsWith("~") || path.startsWith("\\")) {
            return null;
        }
        try {
            Path relative = Path.of(path);
            return relative.isAbsolute() ? null : dir.resolve(relative).normalize();
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
