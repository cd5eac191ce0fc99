package dev.tether.tools.sandbox;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The macOS sandbox ({@code sandbox-exec}) profile of a policy: the same boundary as
 * {@link BwrapCommand} in Seatbelt's language. Reads are allowed except {@code denyRead}; writes
 * only to the workspace and writable roots (in {@code workspace-write}), the command's private
 * temporary directory and the terminal devices, minus the paths git and editors run things from;
 * the network only where the policy allows it. In Seatbelt the last matching rule wins, so each
 * narrowing rule follows the rule it narrows.
 *
 * <p>Untested on a Mac so far: only the text is tested here.
 *
 * @see <a href="https://reverse.put.as/wp-content/uploads/2011/09/Apple-Sandbox-Guide-v1.0.pdf">Apple's sandbox profile language</a>
 */
public final class SeatbeltProfile {
    /** Where macOS keeps the program. */
    public static final Path SANDBOX_EXEC = Path.of("/usr/bin/sandbox-exec");

    private SeatbeltProfile() {}

    /**
     * @param roots      the session's workspace roots
     * @param privateTmp the command's own temporary directory (its {@code TMPDIR})
     */
    public static String generate(SandboxPolicy policy, SandboxMode mode, List<Path> roots, Path privateTmp) {
        StringBuilder p = new StringBuilder();
        p.append("(version 1)\n(deny default)\n");
        p.append("(allow process-exec process-fork signal sysctl-read mach-lookup ipc-posix-shm pseudo-tty file-ioctl)\n");
        p.append("(allow file-read*)\n");
        List<String> denied = policy.denyRead().stream().map(SeatbeltProfile::subpath).toList();
        if (!denied.isEmpty()) {
            p.append("(deny file-read* file-write* ").append(String.join(" ", denied)).append(")\n");
        }
        Set<String> writable = new LinkedHashSet<>();
        writable.add(subpath(privateTmp));
        if (mode == SandboxMode.WORKSPACE_WRITE) {
            roots.forEach(r -> writable.add(subpath(r)));
            policy.writableRoots().forEach(r -> writable.add(subpath(r)));
        }
        p.append("(allow file-write* ").append(String.join(" ", writable))
                .append(" (literal \"/dev/null\") (literal \"/dev/tty\") (regex #\"^/dev/ttys[0-9]+$\"))\n");
        if (mode == SandboxMode.WORKSPACE_WRITE) {
            List<String> kept = new ArrayList<>();
            for (Path root : roots) {
                Path r = root.toAbsolutePath().normalize();
                for (String name : BwrapCommand.GIT_PROTECTED) {
                    kept.add(subpath(r.resolve(".git").resolve(name)));
                }
                for (String name : BwrapCommand.ROOT_PROTECTED) {
                    kept.add(subpath(r.resolve(name)));
                }
            }
            // Unlike bubblewrap, Seatbelt can forbid creating these too, not only changing them.
            p.append("(deny file-write* ").append(String.join(" ", kept)).append(")\n");
        }
        if (policy.network()) {
            p.append("(allow network* system-socket)\n");
        }
        return p.toString();
    }

    /** The command line before {@code --}: {@code sandbox-exec -p <profile>}. */
    public static List<String> arguments(String profile) {
        return List.of("-p", profile);
    }

    private static String subpath(Path path) {
        return "(subpath " + quoted(path.toAbsolutePath().normalize().toString()) + ")";
    }

    /** A string literal of Seatbelt's (Scheme's) syntax: a path cannot end it early or add a rule. */
    static String quoted(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"', '\\' -> out.append('\\').append(c);
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\x%02x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
