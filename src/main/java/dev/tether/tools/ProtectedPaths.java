package dev.tether.tools;

import dev.tether.base.Glob;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Files that other programs run without the user doing anything: git reads {@code .git/config}
 * ({@code core.fsmonitor}, {@code core.pager}) and runs {@code .git/hooks/*} on the editor's
 * own {@code git status} and commits, direnv runs {@code .envrc} on {@code cd}, editors run
 * tasks and settings from {@code .zed/}, {@code .vscode/} and {@code .idea/}. Writing one is as
 * good as running a command, so a write to a protected path counts as
 * {@link ToolTraits.Category#EXECUTE execute}.
 *
 * <p>Globs are relative to each workspace root: {@code *} and {@code ?} stay within one path
 * component, {@code **} spans any number of them; a glob that matches a directory protects
 * everything below it. The defaults are {@link #DEFAULT_GLOBS}; the user adds to them
 * ({@code "tools": {"protectedPaths": [...]}}), never removes. Matching ignores case and
 * invisible format characters on every file system: whether a directory is case-insensitive
 * (macOS, casefolded ext4) cannot be told cheaply, and asking once too often for
 * {@code .GIT/config} costs the user one click. A path is checked as written and as it really
 * is after following symbolic links (also dangling ones), so a link into {@code .git} is
 * protected too; a path whose links cannot be followed is treated as protected.
 */
public final class ProtectedPaths {
    /** At any depth: nested repositories and subdirectories are run just the same. */
    // .claude holds Claude Code's hooks, which run shell commands by themselves; .mcp.json names the
    // commands that agents (Claude Code, and Tether once project servers are read) start as MCP servers.
    public static final List<String> DEFAULT_GLOBS = List.of("**/.git", "**/.envrc", "**/.zed", "**/.vscode", "**/.idea",
            "**/.claude", "**/.mcp.json");
    public static final ProtectedPaths DEFAULT = new ProtectedPaths(List.of());
    private static final int MAX_LINKS = 40;

    private final List<String> globs;
    /**
     * Compiled on first use: compiling normalises each glob (NFC), and the JDK's normaliser loads
     * its data on first use, about 4 ms that the start-up settings read would otherwise pay.
     */
    private volatile List<Glob> patterns;

    /** The defaults plus {@code userGlobs}. */
    public ProtectedPaths(List<String> userGlobs) {
        Set<String> all = new LinkedHashSet<>(DEFAULT_GLOBS);
        all.addAll(userGlobs);
        // A malformed glob of the user's still fails here, where the configuration is read.
        userGlobs.forEach(ProtectedPaths::compile);
        this.globs = List.copyOf(all);
    }

    private List<Glob> patterns() {
        List<Glob> compiled = patterns;
        if (compiled == null) {
            compiled = globs.stream().map(ProtectedPaths::compile).toList();
            patterns = compiled;
        }
        return compiled;
    }

    /** Every glob in force, defaults first. */
    public List<String> globs() {
        return globs;
    }

    /** Whether writing {@code path} (already resolved inside {@code workspace}) runs something. */
    public boolean covers(Workspace workspace, Path path) {
        return match(workspace, path).isPresent();
    }

    /** The workspace-relative path that made {@code path} protected, if any. */
    public Optional<String> match(Workspace workspace, Path path) {
        Path lexical = path.toAbsolutePath().normalize();
        Optional<Path> real = real(lexical, MAX_LINKS);
        if (real.isEmpty()) {
            return Optional.of(lexical.toString());
        }
        List<Path> roots = new ArrayList<>();
        for (Path root : workspace.roots()) {
            roots.add(root);
            real(root, MAX_LINKS).ifPresent(roots::add);
        }
        for (Path candidate : List.of(lexical, real.get())) {
            for (Path root : roots) {
                if (candidate.startsWith(root) && !candidate.equals(root)) {
                    Optional<String> hit = matchRelative(root.relativize(candidate));
                    if (hit.isPresent()) {
                        return hit;
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The relative path, or one of its ancestors, matched by a glob. */
    private Optional<String> matchRelative(Path relative) {
        String shown = relative.toString().replace('\\', '/');
        String text = comparable(shown);
        for (int end = text.length(); end > 0; end = text.lastIndexOf('/', end - 1)) {
            String prefix = text.substring(0, end);
            if (patterns().stream().anyMatch(p -> p.matches(prefix))) {
                return Optional.of(shown);
            }
        }
        return Optional.empty();
    }

    /**
     * The real path of {@code path}: its nearest existing ancestor resolved, with the rest
     * appended; a dangling link on the way is followed by hand. Empty when links loop or cannot
     * be read.
     */
    static Optional<Path> real(Path path, int linksLeft) {
        if (linksLeft <= 0) {
            return Optional.empty();
        }
        Path existing = path;
        while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return Optional.of(path);
        }
        Path rest = existing.relativize(path);
        try {
            if (Files.isSymbolicLink(existing) && !Files.exists(existing)) {
                Path target = existing.resolveSibling(Files.readSymbolicLink(existing)).normalize();
                return real(target.resolve(rest).normalize(), linksLeft - 1);
            }
            return Optional.of(existing.toRealPath().resolve(rest).normalize());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    /** NFC, without format characters (zero-width, bidi controls) that some file systems ignore. */
    private static String comparable(String text) {
        String nfc = Normalizer.normalize(text, Normalizer.Form.NFC);
        StringBuilder out = new StringBuilder(nfc.length());
        nfc.codePoints().filter(cp -> Character.getType(cp) != Character.FORMAT).forEach(out::appendCodePoint);
        return out.toString();
    }

    /**
     * The glob made comparable (NFC, '/' separators, no leading {@code ./} or {@code /}, no trailing
     * {@code /}) as a case-insensitive {@linkplain Glob#path path glob}; {@code [} and {@code {}
     * stay literal here, as protected paths have always read them.
     */
    static Glob compile(String glob) {
        String g = comparable(glob.strip().replace('\\', '/'));
        while (g.startsWith("./")) {
            g = g.substring(2);
        }
        while (g.startsWith("/")) {
            g = g.substring(1);
        }
        while (g.endsWith("/") && g.length() > 1) {
            g = g.substring(0, g.length() - 1);
        }
        return Glob.pathIgnoringCase(g.replace("[", "\\[").replace("{", "\\{"));
    }
}
