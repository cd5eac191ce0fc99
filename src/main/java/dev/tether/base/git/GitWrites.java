package dev.tether.base.git;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which writes make git run something the user never asked for, judged as git would find things,
 * without running git. A write to a path counts when the path lies
 * <ul>
 *   <li>in a directory that looks like a git directory once this write is done
 *       ({@link GitDirShape}: so a repository assembled file by file is caught at the write that
 *       completes it, and at every write into it after);</li>
 *   <li>in the git directory or common directory of any repository that holds it, however they
 *       are named ({@link RepositoryLocator}: every enclosing repository up to the root);</li>
 *   <li>in a directory {@code core.hooksPath} names in the configuration of such a repository or
 *       in the user's own (relative to the work tree's top level, also to the git directory for a
 *       bare repository; {@code ~/} in the home directory), or in its parent when it ends in
 *       {@code _} (husky, whose stubs run {@code .husky/<hook>} whether it exists yet or not);</li>
 *   <li>at a program or script a command setting of theirs names by path ({@link GitCommands}:
 *       {@code filter.<driver>.clean = ./tools/clean.sh}, {@code core.fsmonitor}, aliases),
 *       relative to the same places as a hooks path;</li>
 *   <li>at a file included by any of these configurations ({@link GitConfigFiles}), or at one of
 *       the user's configuration files themselves.</li>
 * </ul>
 * A configuration past its bounds cannot be judged, and then every write it could affect counts.
 *
 * <p>Paths are compared as they really are (links followed) and as a case-insensitive file system
 * would compare them. A check reads a few small files and stats a handful per directory up to the
 * root; nothing is kept between checks, so what it finds is always the disk's state now.
 */
public final class GitWrites {
    private static final String HOOKS_PATH = "core.hookspath";
    private static final String WORK_TREE = "core.worktree";
    private static final Predicate<String> WANTED = name -> name.equals(HOOKS_PATH) || name.equals(WORK_TREE)
            || GitCommands.isCommand(name);
    /** Bounds the paths one check compares against, whatever a configuration's commands hold. */
    static final int MAX_PROGRAMS = 1024;

    private final UserGitConfig user;

    public GitWrites(UserGitConfig user) {
        this.user = user;
    }

    /**
     * The git directories (and their common directories) of every repository {@code dir} lies in,
     * innermost first, as found without running git: what a sandbox keeps read-only.
     */
    public static List<Path> gitDirs(Path dir) {
        Set<Path> dirs = new LinkedHashSet<>();
        for (GitRepository repository : RepositoryLocator.enclosing(dir)) {
            dirs.add(repository.gitDir());
            dirs.add(repository.commonDir());
        }
        return List.copyOf(dirs);
    }

    /**
     * The places git reads configuration or runs hooks from for the repositories {@code dir} lies
     * in, as they are now: in each git and common directory {@code commondir}, {@code config},
     * {@code config.worktree} and {@code hooks}; every file their configuration (and the user's)
     * includes; the directories {@code core.hooksPath} names. Whether each exists is for the caller
     * to find. Bounded as {@link #check} is: a configuration past its bounds lists what was read.
     */
    public List<Path> runFrom(Path dir) {
        Set<Path> places = new LinkedHashSet<>();
        List<Judged> configs = new ArrayList<>();
        Set<Path> everyTop = new LinkedHashSet<>();
        for (GitRepository repository : RepositoryLocator.enclosing(dir)) {
            for (Path git : List.of(repository.gitDir(), repository.commonDir())) {
                for (String name : List.of("commondir", "config", "config.worktree", "hooks")) {
                    places.add(git.resolve(name));
                }
            }
            GitConfigFiles.Read config = GitConfigFiles.read(repository.configFiles(), WANTED, user.home());
            List<Path> tops = tops(repository, config);
            everyTop.addAll(tops);
            configs.add(new Judged(config, tops));
        }
        configs.addFirst(new Judged(GitConfigFiles.read(user.files(), WANTED, user.home()), List.copyOf(everyTop)));
        for (Judged config : configs) {
            config.read().includes().forEach(include -> places.add(include.file()));
            for (GitConfigFiles.Setting setting : config.read().settings()) {
                if (setting.name().equals(HOOKS_PATH) && !setting.value().isEmpty()) {
                    places.addAll(placesOf(setting.value(), config.tops()));
                }
            }
        }
        return List.copyOf(places);
    }

    /**
     * Why writing {@code path} (or creating it, with the directories above it) makes git run
     * something, if it does. The repositories read are those that hold {@code path} and those
     * that hold any of {@code roots} (the session's workspace), whose settings may name places
     * outside their own tree.
     */
    public Optional<GitReason> check(Path path, List<Path> roots) {
        Path target = RealPaths.of(path).orElse(path.toAbsolutePath().normalize());
        if (target.getParent() == null) {
            return Optional.empty();
        }
        Set<GitRepository> found = new LinkedHashSet<>(RepositoryLocator.enclosing(target.getParent()));
        roots.forEach(root -> found.addAll(RepositoryLocator.enclosing(RealPaths.of(root).orElse(root))));
        List<GitRepository> repositories = List.copyOf(found);
        return inGitDirectory(target, repositories)
                .or(() -> shapedLikeGitDirectory(target))
                .or(() -> user.files().stream().filter(file -> covers(file, target)).findFirst().map(GitReason.UserConfig::new))
                .or(() -> byConfiguration(target, repositories));
    }

    private static Optional<GitReason> inGitDirectory(Path target, List<GitRepository> repositories) {
        // Found through a .git first: "the git directory" says more than "looks like one".
        List<GitRepository> ordered = new ArrayList<>(repositories);
        ordered.sort(Comparator.comparing(repository -> repository.workTree() == null));
        for (GitRepository repository : ordered) {
            for (Path dir : List.of(repository.gitDir(), repository.commonDir())) {
                if (covers(dir, target)) {
                    // A bare-shaped directory nobody pointed at is news to the user: say what it looks like.
                    return Optional.of(repository.workTree() == null && dir.equals(repository.gitDir())
                            ? new GitReason.LooksLikeGitDirectory(dir) : new GitReason.GitDirectory(dir));
                }
            }
        }
        return Optional.empty();
    }

    /** Each directory above {@code target}, as it will be with the entry the write adds to it. */
    private static Optional<GitReason> shapedLikeGitDirectory(Path target) {
        for (Path child = target, dir = target.getParent(); dir != null; child = dir, dir = dir.getParent()) {
            if (GitDirShape.looksLikeGitDir(dir, child.getFileName().toString())) {
                return Optional.of(new GitReason.LooksLikeGitDirectory(dir));
            }
        }
        return Optional.empty();
    }

    /** What the user's configuration and each repository's say about {@code target}. */
    private Optional<GitReason> byConfiguration(Path target, List<GitRepository> repositories) {
        // Read every repository's configuration first: the user's relative core.hooksPath applies
        // in each of them, at the top level their own core.worktree names.
        Map<List<Path>, GitConfigFiles.Read> read = new HashMap<>();
        List<Judged> configs = new ArrayList<>();
        Set<Path> everyTop = new LinkedHashSet<>();
        for (GitRepository repository : repositories) {
            GitConfigFiles.Read config = read.computeIfAbsent(repository.configFiles(),
                    files -> GitConfigFiles.read(files, WANTED, user.home()));
            List<Path> tops = tops(repository, config);
            everyTop.addAll(tops);
            configs.add(new Judged(config, tops));
        }
        configs.addFirst(new Judged(GitConfigFiles.read(user.files(), WANTED, user.home()), List.copyOf(everyTop)));
        for (Judged config : configs) {
            Optional<GitReason> found = judge(config.read(), target, config.tops());
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    /** A configuration and the places its relative hooks paths are relative to. */
    private record Judged(GitConfigFiles.Read read, List<Path> tops) {}

    /** The verdict of one configuration on {@code target}: unjudged, included, a hooks directory or a program. */
    private Optional<GitReason> judge(GitConfigFiles.Read config, Path target, List<Path> tops) {
        if (config.unjudged().isPresent()) {
            GitConfigFiles.Unjudged why = config.unjudged().get();
            return Optional.of(new GitReason.Unjudged(why.file(), why.why()));
        }
        for (GitConfigFiles.Include include : config.includes()) {
            if (covers(include.file(), target)) {
                return Optional.of(new GitReason.Included(include.file(), include.by()));
            }
        }
        int programs = 0;
        for (GitConfigFiles.Setting setting : config.settings()) {
            if (setting.value().isEmpty()) {
                continue;
            }
            if (setting.name().equals(HOOKS_PATH)) {
                Optional<GitReason> hooks = hooks(setting, target, tops);
                if (hooks.isPresent()) {
                    return hooks;
                }
            } else if (GitCommands.isCommand(setting.name())) {
                List<String> paths = GitCommands.programPaths(setting.value());
                programs += paths.size();
                if (programs > MAX_PROGRAMS) {
                    return Optional.of(new GitReason.Unjudged(setting.file(), "more than " + MAX_PROGRAMS + " programs are named by path"));
                }
                for (String program : paths) {
                    for (Path location : placesOf(program, tops)) {
                        // The file itself only: a word such as "cd packages/web" names a directory
                        // whose files git does not run.
                        if (isAt(location, target)) {
                            return Optional.of(new GitReason.Program(location, setting.name(), setting.file()));
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The hooks directory {@code setting} names, or husky's parent of it, if {@code target} lies there. */
    private Optional<GitReason> hooks(GitConfigFiles.Setting setting, Path target, List<Path> tops) {
        for (Path hooks : placesOf(setting.value(), tops)) {
            if (covers(hooks, target)) {
                return Optional.of(new GitReason.HooksDirectory(hooks, setting.file()));
            }
            Path parent = hooks.getParent();
            if (hooks.getFileName() != null && hooks.getFileName().toString().equals("_") && parent != null
                    && covers(parent, target)) {
                return Optional.of(new GitReason.HuskyScripts(parent, hooks, setting.file()));
            }
        }
        return Optional.empty();
    }

    /**
     * Where a path in a setting ({@code core.hooksPath}, a command's program) leads: relative to
     * each place git runs hooks and commands in; outside any repository only an absolute or
     * home-relative value means a place.
     */
    private List<Path> placesOf(String value, List<Path> tops) {
        Set<Path> dirs = new LinkedHashSet<>();
        for (Path top : tops) {
            GitConfigFiles.path(value, top, user.home()).ifPresent(dirs::add);
        }
        if (tops.isEmpty() && (value.startsWith("~") || value.startsWith("/"))) {
            GitConfigFiles.path(value, user.home(), user.home()).ifPresent(dirs::add);
        }
        return List.copyOf(dirs);
    }

    /**
     * Where a repository's hooks run: its work tree's top level ({@code core.worktree} if set,
     * relative to the git directory), and its git directory (where they run in a bare
     * repository). Both count, whichever git picks.
     */
    private List<Path> tops(GitRepository repository, GitConfigFiles.Read config) {
        List<Path> tops = new ArrayList<>();
        if (repository.workTree() != null) {
            tops.add(repository.workTree());
        }
        for (GitConfigFiles.Setting setting : config.settings()) {
            if (setting.name().equals(WORK_TREE) && !setting.value().isEmpty()) {
                GitConfigFiles.path(setting.value(), repository.gitDir(), user.home()).ifPresent(tops::add);
            }
        }
        tops.add(repository.gitDir());
        return tops;
    }

    /** Whether {@code target} is {@code location} or lies below it, as named or as it really is. */
    private static boolean covers(Path location, Path target) {
        return matches(location, place -> RealPaths.within(target, place));
    }

    /** Whether {@code target} is {@code location} itself, as named or as it really is. */
    private static boolean isAt(Path location, Path target) {
        return matches(location, place -> place.getNameCount() == target.getNameCount() && RealPaths.within(target, place));
    }

    private static boolean matches(Path location, Predicate<Path> test) {
        Path lexical = location.toAbsolutePath().normalize();
        return test.test(lexical) || RealPaths.of(lexical).filter(test).isPresent();
    }
}
