package dev.tether.context;

import dev.tether.base.git.ProjectRoot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A session's instructions from files: the user's own ({@code $XDG_CONFIG_HOME/tether/AGENTS.md}),
 * then, from the {@link ProjectRoot} down to the session's directory, each directory's first file
 * of {@link InstructionSettings#fileNames()}, each followed by what it imports ({@link Imports}).
 * A file below the session's directory is added when the model first reads or edits a file in
 * its subtree ({@link #touched}). All of them share one byte budget: the file that crosses it is
 * cut, later ones are left out, and both are said to the model and the user.
 *
 * <p>The files are the project's content: they instruct the model and rank below the user's own
 * messages; they grant nothing. A file is read only when it is a regular file whose real path lies
 * in the project (the user's file: in the user's directory), so a link cannot bring another file's
 * text, a secret, to the model. The session's files are read again when one of them changes.
 */
public final class ProjectInstructions {
    private final InstructionSettings settings;
    private final Path root;
    private final Path cwd;
    private final Path home;
    private Object stamp;
    private List<InstructionFile> base = List.of();
    private final List<InstructionFile> nested = new ArrayList<>();
    private final Set<Path> seenDirs = new HashSet<>();

    /**
     * @param cwd  the session's directory
     * @param home the user's home directory, shown as {@code ~} in labels (null: not shortened)
     */
    public ProjectInstructions(InstructionSettings settings, Path cwd, Path home) {
        this.settings = settings;
        this.cwd = ProjectRoot.canonical(cwd);
        this.root = ProjectRoot.of(cwd);
        this.home = home == null ? null : home.toAbsolutePath().normalize();
    }

    /** The project root the files are read from. */
    public Path root() {
        return root;
    }

    /** The user's file and the project's from its root down to the session's directory, read again when one changed. */
    public synchronized List<InstructionFile> current() {
        List<Path> candidates = candidates();
        Object now = stamps(candidates);
        if (!now.equals(stamp)) {
            stamp = now;
            Budget budget = new Budget(settings.budgetBytes());
            List<InstructionFile> loaded = new ArrayList<>();
            Set<Path> seen = new HashSet<>();
            Path userDir = settings.userDir() == null ? null : ProjectRoot.canonical(settings.userDir());
            for (Path file : candidates) {
                boolean user = userDir != null && file.startsWith(userDir) && !file.startsWith(root);
                Path within = user ? userDir : root;
                read(file, user ? InstructionFile.Origin.USER : InstructionFile.Origin.PROJECT, within, null, 0, seen, budget, loaded);
            }
            base = List.copyOf(loaded);
            // What nested files there were keep their place in the budget after the base files.
            List<InstructionFile> again = List.copyOf(nested);
            nested.clear();
            for (InstructionFile file : again) {
                read(file.path(), InstructionFile.Origin.NESTED, root, null, 0, seen, budget, nested);
            }
        }
        return base;
    }

    /** Every file loaded so far: the session's own, then the nested ones in the order they were found. */
    public synchronized List<InstructionFile> all() {
        current();
        List<InstructionFile> all = new ArrayList<>(base);
        all.addAll(nested);
        return all;
    }

    /**
     * The model read or edited {@code path}: the instruction files between the session's directory
     * (not included) and the file's directory it has not seen yet, in order from the top, with what
     * they import. Empty for a file outside the project or above the session's directory.
     */
    public synchronized List<InstructionFile> touched(Path path) {
        Path file = ProjectRoot.canonical(path);
        if (!file.startsWith(cwd) || file.equals(cwd)) {
            return List.of();
        }
        List<InstructionFile> loaded = all();
        Set<Path> seen = new HashSet<>();
        loaded.forEach(f -> seen.add(f.path()));
        Budget budget = new Budget(settings.budgetBytes() - loaded.stream().mapToInt(InstructionFile::shownBytes).sum());
        List<InstructionFile> found = new ArrayList<>();
        Path dir = Files.isDirectory(file) ? file : file.getParent();
        List<Path> dirs = new ArrayList<>();
        for (Path d = dir; d != null && d.startsWith(cwd) && !d.equals(cwd); d = d.getParent()) {
            dirs.addFirst(d);
        }
        for (Path d : dirs) {
            if (!seenDirs.add(d)) {
                continue;
            }
            Path candidate = first(d);
            if (candidate != null) {
                read(candidate, InstructionFile.Origin.NESTED, root, null, 0, seen, budget, found);
            }
        }
        nested.addAll(found);
        return found;
    }

    private List<Path> candidates() {
        List<Path> files = new ArrayList<>();
        if (settings.userDir() != null) {
            Path user = first(ProjectRoot.canonical(settings.userDir()));
            if (user != null) {
                files.add(user);
            }
        }
        List<Path> dirs = new ArrayList<>();
        for (Path d = cwd; d != null && d.startsWith(root); d = d.getParent()) {
            dirs.addFirst(d);
        }
        for (Path d : dirs) {
            Path file = first(d);
            if (file != null) {
                files.add(file);
            }
        }
        return files;
    }

    /** The first instruction file of {@code dir} that is a regular file, or null. */
    private Path first(Path dir) {
        for (String name : settings.fileNames()) {
            Path file = dir.resolve(name);
            if (Files.isRegularFile(file)) {
                return file;
            }
        }
        return null;
    }

    private static Object stamps(List<Path> files) {
        List<Object> stamps = new ArrayList<>();
        for (Path file : files) {
            try {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                stamps.add(List.of(file, a.lastModifiedTime(), a.size()));
            } catch (IOException e) {
                stamps.add(file);
            }
        }
        return stamps;
    }

    /** Reads one file (and what it imports) into {@code out}, within what is left of the budget. */
    private void read(Path file, InstructionFile.Origin origin, Path within, String importedBy, int depth, Set<Path> seen,
                      Budget budget, List<InstructionFile> out) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            return;
        }
        if (!real.startsWith(within) || !Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS) || !seen.add(real)) {
            return;
        }
        String label = label(file, importedBy);
        long size;
        byte[] bytes;
        try (InputStream in = Files.newInputStream(real)) {
            size = Files.size(real);
            bytes = in.readNBytes(Math.max(0, budget.left()) + 1);
        } catch (IOException e) {
            return;
        }
        if (budget.left() <= 0) {
            out.add(new InstructionFile(file, label, origin, size, 0, ""));
            return;
        }
        String text;
        if (bytes.length > budget.left()) {
            text = cut(bytes, budget.left());
        } else {
            text = new String(bytes, StandardCharsets.UTF_8);
        }
        int shown = text.getBytes(StandardCharsets.UTF_8).length;
        budget.use(shown);
        out.add(new InstructionFile(file, label, origin, size, shown, text));
        if (depth >= Imports.MAX_DEPTH) {
            return;
        }
        for (String path : Imports.in(text)) {
            Path target = Imports.resolve(real.getParent(), path);
            if (target != null) {
                read(target, InstructionFile.Origin.IMPORT, within, label, depth + 1, seen, budget, out);
            }
        }
    }

    /** The first {@code limit} bytes as text, ending at a whole character, at a line's end where one is near. */
    static String cut(byte[] bytes, int limit) {
        int end = limit;
        while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
            end--;
        }
        String text = new String(bytes, 0, end, StandardCharsets.UTF_8);
        int line = text.lastIndexOf('\n');
        return line >= 0 && text.length() - line < 1024 ? text.substring(0, line + 1) : text;
    }

    private String label(Path file, String importedBy) {
        Path normal = file.toAbsolutePath().normalize();
        String shown;
        if (normal.startsWith(root)) {
            shown = root.relativize(normal).toString().replace('\\', '/');
        } else if (home != null && normal.startsWith(home)) {
            shown = "~/" + home.relativize(normal).toString().replace('\\', '/');
        } else {
            shown = normal.toString();
        }
        return importedBy == null ? shown : shown + " (imported by " + importedBy + ")";
    }

    /** The bytes left for instructions. */
    private static final class Budget {
        private int left;

        Budget(int left) {
            this.left = left;
        }

        int left() {
            return left;
        }

        void use(int bytes) {
            left -= bytes;
        }
    }

    /** The text the model reads for {@code files}: each labelled with its path, a cut or a file left out said. */
    public String forModel(List<InstructionFile> files) {
        StringBuilder out = new StringBuilder();
        for (InstructionFile file : files) {
            out.append("\n## ").append(file.label()).append("\n\n");
            if (file.shownBytes() == 0 && file.size() > 0) {
                out.append("[Not included: the ").append(kib(settings.budgetBytes()))
                        .append(" budget for instructions was used up before this file (").append(file.size()).append(" bytes).]\n");
                continue;
            }
            out.append(file.text());
            if (!file.text().endsWith("\n")) {
                out.append('\n');
            }
            if (file.cut()) {
                out.append("[Cut: this file has ").append(file.size()).append(" bytes; only the first ").append(file.shownBytes())
                        .append(" are included, within the ").append(kib(settings.budgetBytes())).append(" budget for instructions.]\n");
            }
        }
        return out.toString();
    }

    /** What {@code /context} shows: each file loaded, its size and what of it the model reads. */
    public String report() {
        List<InstructionFile> files = all();
        StringBuilder out = new StringBuilder("Instructions from files (budget ").append(kib(settings.budgetBytes())).append("):\n");
        if (files.isEmpty()) {
            out.append("- none found (looked for ").append(String.join(", ", settings.fileNames())).append(" from ")
                    .append(root).append(" down to ").append(cwd).append(")\n");
        }
        int used = 0;
        for (InstructionFile file : files) {
            used += file.shownBytes();
            out.append("- ").append(file.label()).append(": ").append(file.size()).append(" bytes");
            if (file.shownBytes() == 0 && file.size() > 0) {
                out.append(" — left out, the budget was used up");
            } else if (file.cut()) {
                out.append(" — cut to ").append(file.shownBytes()).append(" bytes");
            }
            if (file.origin() == InstructionFile.Origin.NESTED) {
                out.append(" (loaded when a file below it was read)");
            }
            out.append('\n');
        }
        out.append("Total: ").append(used).append(" of ").append(settings.budgetBytes()).append(" bytes.");
        return out.toString();
    }

    /** The session's first notice: which files were loaded, and what was cut; null when there are none. */
    public String notice() {
        List<InstructionFile> files = current();
        if (files.isEmpty()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (InstructionFile file : files) {
            String part = file.label() + " (" + file.size() + " bytes";
            if (file.shownBytes() == 0 && file.size() > 0) {
                part += ", left out: over the budget";
            } else if (file.cut()) {
                part += ", cut to " + file.shownBytes();
            }
            parts.add(part + ")");
        }
        return "Loaded " + String.join(", ", new LinkedHashSet<>(parts)) + ". Run /context for details.";
    }

    private static String kib(int bytes) {
        return bytes % 1024 == 0 ? bytes / 1024 + " KiB" : bytes + " bytes";
    }

    @Override
    public String toString() {
        return "ProjectInstructions[" + Objects.toString(root) + "]";
    }
}
