package dev.tether.tools.sandbox;

import dev.tether.base.git.GitWrites;
import dev.tether.base.git.UserGitConfig;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The bubblewrap command line that confines a command to a policy. The order of the mounts is the
 * point: first the whole system read-only, a fresh {@code /dev}, {@code /proc} (of the sandbox's own
 * PID namespace) and an empty private {@code /tmp}; then the workspace and writable roots read-write
 * on top; then, inside them, the paths git and editors run things from read-only again; last the
 * {@code denyRead} paths and (without network) the Unix socket directories masked, so nothing bound
 * earlier uncovers them.
 *
 * @see <a href="https://github.com/containers/bubblewrap">bubblewrap</a>
 */
public final class BwrapCommand {
    /** Inside a git directory: what git runs or obeys. Objects, refs and the index stay writable for {@code git commit}. */
    static final List<String> GIT_PROTECTED = List.of("config", "hooks", "info", "config.worktree");
    /** The trust boundary's names without wildcards (Seatbelt's list); bubblewrap matches every name ({@link ProtectedNames#in}). */
    static final List<String> ROOT_PROTECTED = ProtectedNames.LITERAL;

    private static final GitWrites GIT = new GitWrites(UserGitConfig.NONE);

    private BwrapCommand() {}

    /**
     * The arguments to {@code bwrap} before {@code --} and the command.
     *
     * @param roots the session's workspace roots (writable in {@code workspace-write})
     * @param cwd   where the command starts
     */
    public static List<String> arguments(SandboxPolicy policy, SandboxMode mode, List<Path> roots, Path cwd) {
        // --cap-drop ALL: run by root, bwrap would leave the command CAP_SYS_ADMIN in its mount
        // namespace, enough to unmount the read-only re-binds (.git/config) and write through.
        List<String> args = new ArrayList<>(List.of("--die-with-parent", "--new-session", "--cap-drop", "ALL", "--unshare-pid",
                "--unshare-ipc", "--unshare-uts", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"));
        if (!policy.network()) {
            args.add("--unshare-net");
        }
        Set<Path> writable = new LinkedHashSet<>();
        if (mode == SandboxMode.WORKSPACE_WRITE) {
            roots.forEach(r -> writable.add(r.toAbsolutePath().normalize()));
            policy.writableRoots().forEach(r -> writable.add(r.toAbsolutePath().normalize()));
        }
        for (Path root : writable) {
            if (Files.isDirectory(root)) {
                bind(args, "--bind", root, root);
            }
        }
        if (mode == SandboxMode.READ_ONLY) {
            // Read-only roots are bound again so that a workspace under /tmp is not hidden by the private /tmp.
            for (Path root : roots) {
                Path normal = root.toAbsolutePath().normalize();
                if (Files.isDirectory(normal)) {
                    bind(args, "--ro-bind", normal, normal);
                }
            }
        }
        for (Path root : writable) {
            // A git directory is its own mount point: rename(2) refuses to move a mount point (EBUSY),
            // so it cannot be moved aside, with the read-only binds in it, and replaced by a copy.
            for (Path gitDir : GitWrites.gitDirs(root)) {
                real(gitDir).filter(Files::isDirectory).filter(dir -> writable.stream().anyMatch(w -> real(w).filter(dir::startsWith)
                        .isPresent())).ifPresent(dir -> bind(args, "--bind", dir, dir));
            }
        }
        for (Path root : writable) {
            for (Path inside : protectedInside(root)) {
                bind(args, "--ro-bind", inside, inside);
            }
        }
        for (Path denied : policy.denyRead()) {
            mask(args, denied.toAbsolutePath().normalize());
        }
        if (!policy.network()) {
            // Sockets are reachable through the file system even with the network namespace unshared:
            // the ssh agent, docker.sock, D-Bus and keyrings live under /run and $XDG_RUNTIME_DIR.
            mask(args, Path.of("/run"));
            if (policy.host().runtimeDir() != null) {
                mask(args, policy.host().runtimeDir());
            }
            args.addAll(List.of("--unsetenv", "SSH_AUTH_SOCK", "--unsetenv", "DBUS_SESSION_BUS_ADDRESS"));
        }
        args.addAll(List.of("--chdir", cwd.toAbsolutePath().normalize().toString()));
        return List.copyOf(args);
    }

    /** The paths under {@code root} that must stay read-only inside a writable tree, where they exist. */
    static List<Path> protectedInside(Path root) {
        Set<Path> found = new LinkedHashSet<>();
        for (Path p : ProtectedNames.in(root)) {
            if (!Files.isSymbolicLink(p)) {
                found.add(p);
            }
        }
        Path dotGit = root.resolve(".git");
        if (Files.isRegularFile(dotGit, LinkOption.NOFOLLOW_LINKS)) {
            found.add(dotGit); // a worktree's pointer: rewritten, it could name another git directory
        }
        for (Path gitDir : GitWrites.gitDirs(root)) {
            for (String name : GIT_PROTECTED) {
                Path p = gitDir.resolve(name);
                if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(p)) {
                    found.add(p.toAbsolutePath().normalize());
                }
            }
        }
        // What git's configuration points at inside the root: the core.hooksPath directory, included
        // files (outside it they are read-only already, and a bind could uncover them under the private /tmp).
        for (Path place : GIT.runFrom(root)) {
            if (place.startsWith(root.toAbsolutePath().normalize()) && Files.exists(place, LinkOption.NOFOLLOW_LINKS)
                    && !Files.isSymbolicLink(place)) {
                found.add(place.toAbsolutePath().normalize());
            }
        }
        return List.copyOf(found);
    }

    private static java.util.Optional<Path> real(Path path) {
        try {
            return java.util.Optional.of(path.toRealPath());
        } catch (java.io.IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }

    private static void mask(List<String> args, Path given) {
        Path path;
        try {
            // A link (~/.ssh -> /data/keys) is masked where it leads: a mount on a link follows it anyway.
            path = given.toRealPath();
        } catch (java.io.IOException e) {
            return; // not there: nothing to hide
        }
        if (Files.isDirectory(path)) {
            args.addAll(List.of("--tmpfs", path.toString()));
        } else {
            args.addAll(List.of("--ro-bind", "/dev/null", path.toString()));
        }
    }

    private static void bind(List<String> args, String how, Path from, Path to) {
        args.addAll(List.of(how, from.toString(), to.toString()));
    }
}
