package dev.tether.tools.rules;

import dev.tether.base.Glob;
import dev.tether.base.git.RealPaths;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The specifier of a file tool's rule: a path glob in the {@code .gitignore} manner, anchored as
 * Claude Code anchors it ({@link Places}): {@code src/**} or {@code ./src/**} under the session's
 * directory, {@code /src/**} under the project root, {@code ~/notes/*} under the home directory,
 * {@code //etc/hosts} absolute. A glob without a {@code /} ({@code .env}, {@code *.pem}) matches
 * that name at any depth below its anchor; a glob that matches a directory covers everything in
 * it. {@code *} and {@code ?} stay in one path component, {@code **} spans any number.
 */
public final class PathPattern {
    private enum Anchor { CWD, PROJECT, HOME, ROOT }

    private final String written;
    private final Anchor anchor;
    private final Glob glob;

    private PathPattern(String written, Anchor anchor, Glob glob) {
        this.written = written;
        this.anchor = anchor;
        this.glob = glob;
    }

    /**
     * Reads a specifier.
     *
     * @throws InvalidRule when it is empty or not a valid glob
     */
    public static PathPattern of(String specifier) throws InvalidRule {
        String written = specifier.strip();
        String rest;
        Anchor anchor;
        if (written.startsWith("//")) {
            anchor = Anchor.ROOT;
            rest = written.substring(2);
        } else if (written.startsWith("~/")) {
            anchor = Anchor.HOME;
            rest = written.substring(2);
        } else if (written.startsWith("/")) {
            anchor = Anchor.PROJECT;
            rest = written.substring(1);
        } else {
            anchor = Anchor.CWD;
            rest = written.startsWith("./") ? written.substring(2) : written;
        }
        while (rest.endsWith("/") && rest.length() > 1) {
            rest = rest.substring(0, rest.length() - 1);
        }
        if (rest.isEmpty() || rest.equals(".")) {
            rest = "**";
        }
        if (!rest.contains("/") && !rest.startsWith("**")) {
            // As in .gitignore: a bare name matches at any depth.
            rest = "**/" + rest;
        }
        try {
            return new PathPattern(written, anchor, Glob.path(rest));
        } catch (IllegalArgumentException e) {
            throw new InvalidRule("the path \"" + written + "\" is not a valid glob: " + e.getMessage());
        }
    }

    /** Whether {@code path} (absolute), or a directory that holds it, matches, as named or as it really is. */
    public boolean matches(Path path, Places places) {
        Path base = switch (anchor) {
            case CWD -> places.cwd();
            case PROJECT -> places.projectRoot();
            case HOME -> places.home();
            case ROOT -> path.getRoot();
        };
        if (base == null) {
            return false;
        }
        Set<Path> bases = forms(base);
        for (Path candidate : forms(path)) {
            for (Path root : bases) {
                if (candidate.startsWith(root) && covers(root.relativize(candidate))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The relative path, or one of the directories above it, matched by the glob. */
    private boolean covers(Path relative) {
        List<String> names = new ArrayList<>();
        relative.forEach(name -> names.add(name.toString()));
        StringBuilder prefix = new StringBuilder();
        for (String name : names) {
            if (!prefix.isEmpty()) {
                prefix.append('/');
            }
            prefix.append(name);
            if (glob.matches(prefix.toString())) {
                return true;
            }
        }
        return false;
    }

    private static Set<Path> forms(Path path) {
        Set<Path> forms = new LinkedHashSet<>();
        Path normal = path.toAbsolutePath().normalize();
        forms.add(normal);
        RealPaths.of(normal).ifPresent(forms::add);
        return forms;
    }

    @Override
    public String toString() {
        return written;
    }
}
