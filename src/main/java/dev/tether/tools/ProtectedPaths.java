package dev.tether.tools;

import dev.tether.base.Glob;
import dev.tether.base.git.GitReason;
import dev.tether.base.git.GitWrites;
import dev.tether.base.git.RealPaths;
import dev.tether.base.git.UserGitConfig;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.sandbox.ProtectedNames;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Files that other programs run without the user doing anything. Writing one is as good as
 * running a command, so a write to a protected path counts as
 * {@link ToolTraits.Category#EXECUTE execute}. Two kinds:
 *
 * <p><b>By name</b>, relative to each workspace root and at any depth ({@link #DEFAULT_GLOBS}):
 * <ul>
 *   <li>{@code .git}: git's configuration ({@code core.fsmonitor}, {@code core.pager}) and hooks,
 *       run by the editor's own {@code git status} and by commits;</li>
 *   <li>{@code .envrc}: direnv runs it on {@code cd};</li>
 *   <li>{@code .zed}, {@code .vscode}, {@code .idea}, {@code .devcontainer},
 *       {@code .devcontainer.json}: editors run their tasks, settings and container commands;</li>
 *   <li>{@code .claude} (Claude Code's hooks) and {@code .mcp.json} (the servers agents start);</li>
 *   <li>{@code .tether}: Tether's own project settings, commands, skills and agent types, which
 *       instruct the agent and hold the permission rules it reads;</li>
 *   <li>{@code .cargo/config.toml}, {@code .cargo/config}: rust-analyzer runs cargo by itself,
 *       and cargo runs the {@code rustc-wrapper} and runners they name;</li>
 *   <li>{@code mise*.toml}, {@code .mise*.toml}, {@code .mise/}, {@code mise/config.toml},
 *       {@code .config/mise*}, {@code .rtx.toml}: mise, once activated, runs their hooks and
 *       {@code _.source} scripts on {@code cd};</li>
 *   <li>{@code .tool-versions}: asdf's and mise's shims, which editors start by themselves, run
 *       whatever program it names ({@code path:} versions);</li>
 *   <li>{@code .exrc}, {@code _exrc}, {@code .vimrc}, {@code _vimrc}, {@code .gvimrc},
 *       {@code .nvimrc}, {@code .nvim.lua}: vim with {@code exrc} runs them at start-up;</li>
 *   <li>{@code .pre-commit-config.yaml}, {@code lefthook*}, {@code .lefthook*}: the commands
 *       hook managers run at each commit.</li>
 * </ul>
 * {@code *} and {@code ?} stay within one path component, {@code **} spans any number of them; a
 * glob that matches a directory protects everything below it. The user adds globs
 * ({@code "tools": {"protectedPaths": [...]}}), never removes. Matching ignores case and
 * invisible format characters on every file system: whether a directory is case-insensitive
 * (macOS, casefolded ext4) cannot be told cheaply, and asking once too often for
 * {@code .GIT/config} costs the user one click.
 *
 * <p><b>By what git reads</b> ({@link GitWrites}): the git directories of every repository that
 * holds the path whatever their names, a directory that looks like a git directory after the
 * write, the directory {@code core.hooksPath} names (and husky's scripts beside it), scripts that
 * command settings name by path ({@code filter.<driver>.clean}, {@code core.fsmonitor}), every
 * file the configuration includes, and the user's own git configuration files.
 *
 * <p>A path is checked as written and as it really is after following symbolic links (also
 * dangling ones), so a link into {@code .git} is protected too; a path whose links cannot be
 * followed is treated as protected.
 */
public final class ProtectedPaths {
    private static final Map<String, String> DEFAULTS = ProtectedNames.DEFAULTS;

    /** At any depth: nested repositories and subdirectories are run just the same. */
    public static final List<String> DEFAULT_GLOBS = List.copyOf(DEFAULTS.keySet());
    public static final ProtectedPaths DEFAULT = new ProtectedPaths(List.of());
    private static final String USER_GLOB = "it matches tools.protectedPaths in your settings";
    private static final int MAX_SHOWN_CHARS = 160;

    /**
     * Why a write counts as a command.
     *
     * @param path the written path as the user knows it (relative to its workspace root)
     * @param why  what runs it, in the user's words
     */
    public record Protection(String path, String why) {
        /** The sentence a permission request shows. */
        public String explain() {
            return "Writing " + path + " is like running a command: " + why + ".";
        }
    }

    private final List<String> globs;
    private final GitWrites git;
    private final UserGitConfig user;
    /**
     * Compiled on first use: compiling normalises each glob (NFC), and the JDK's normaliser loads
     * its data on first use, about 4 ms that the start-up settings read would otherwise pay.
     */
    private volatile List<Glob> patterns;

    /** The defaults plus {@code userGlobs}, without the user's own git configuration files. */
    public ProtectedPaths(List<String> userGlobs) {
        this(userGlobs, UserGitConfig.NONE);
    }

    /** The defaults plus {@code userGlobs}; git's rules read the repositories' configuration and {@code user}'s. */
    public ProtectedPaths(List<String> userGlobs, UserGitConfig user) {
        List<String> all = new ArrayList<>(DEFAULT_GLOBS);
        userGlobs.stream().filter(g -> !all.contains(g)).forEach(all::add);
        // A malformed glob of the user's still fails here, where the configuration is read.
        userGlobs.forEach(ProtectedPaths::compile);
        this.globs = List.copyOf(all);
        this.user = user;
        this.git = new GitWrites(user);
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

    /**
     * Why writing {@code path} (already resolved inside {@code workspace}), with the directories
     * the write creates above it, runs something, if it does.
     */
    public Optional<Protection> match(Workspace workspace, Path path) {
        Path lexical = path.toAbsolutePath().normalize();
        Optional<Path> real = RealPaths.of(lexical);
        if (real.isEmpty()) {
            return Optional.of(new Protection(shown(lexical.toString()), "its symbolic links cannot be followed"));
        }
        List<Path> roots = new ArrayList<>();
        for (Path root : workspace.roots()) {
            roots.add(root);
            RealPaths.of(root).ifPresent(roots::add);
        }
        for (Path candidate : List.of(lexical, real.get())) {
            for (Path root : roots) {
                if (candidate.startsWith(root) && !candidate.equals(root)) {
                    Optional<Protection> hit = matchRelative(root.relativize(candidate));
                    if (hit.isPresent()) {
                        return hit;
                    }
                }
            }
        }
        return git.check(real.get(), workspace.roots()).map(reason -> new Protection(show(real.get(), roots),
                reason.explain(p -> show(p, roots))));
    }

    /** The relative path, or one of its ancestors, matched by a glob. */
    private Optional<Protection> matchRelative(Path relative) {
        String shown = relative.toString().replace('\\', '/');
        String text = RealPaths.comparable(shown);
        List<Glob> compiled = patterns();
        for (int end = text.length(); end > 0; end = text.lastIndexOf('/', end - 1)) {
            String prefix = text.substring(0, end);
            for (int i = 0; i < compiled.size(); i++) {
                if (compiled.get(i).matches(prefix)) {
                    return Optional.of(new Protection(shown(shown), DEFAULTS.getOrDefault(globs.get(i), USER_GLOB)));
                }
            }
        }
        return Optional.empty();
    }

    /** A path as the user knows it: relative to the workspace root it lies in, else in {@code ~}, else absolute. */
    private String show(Path path, List<Path> roots) {
        Path normal = path.toAbsolutePath().normalize();
        Path real = RealPaths.of(normal).orElse(normal);
        for (Path candidate : List.of(normal, real)) {
            for (Path root : roots) {
                if (candidate.equals(root)) {
                    return shown(root.toString());
                }
                if (candidate.startsWith(root)) {
                    return shown(root.relativize(candidate).toString());
                }
            }
        }
        if (real.startsWith(user.home()) && !real.equals(user.home())) {
            return shown("~/" + user.home().relativize(real));
        }
        return shown(real.toString());
    }

    /**
     * A name from the workspace as a person may read it: cleaned of characters that would make it
     * read differently (bidi controls, zero-width characters) and cut to a length that fits a line.
     */
    private static String shown(String path) {
        String clean = UnicodeSanitizer.clean(path);
        return clean.length() <= MAX_SHOWN_CHARS ? clean : "…" + clean.substring(clean.length() - MAX_SHOWN_CHARS + 1);
    }

    /**
     * The glob made comparable (NFC, '/' separators, no leading {@code ./} or {@code /}, no trailing
     * {@code /}) as a case-insensitive {@linkplain Glob#path path glob}; {@code [} and {@code {}
     * stay literal here, as protected paths have always read them.
     */
    static Glob compile(String glob) {
        String g = RealPaths.comparable(glob.strip().replace('\\', '/'));
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
