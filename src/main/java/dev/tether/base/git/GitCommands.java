package dev.tether.base.git;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Settings whose value git runs as a command ({@code core.fsmonitor} on every {@code git status},
 * {@code filter.<driver>.clean} when a file is staged or compared, {@code alias.<name> = !...},
 * pagers, editors, diff and merge drivers, credential helpers, signing programs), and the
 * programs such a value names by path. A project that asks its users to include a shared
 * configuration often points these at scripts in its own tree; writing such a script is as good
 * as running it.
 *
 * <p>The value is not parsed as a shell would: every word that looks like a path (it holds a
 * {@code /} or starts with {@code ~}, once quotes and a leading {@code !} are taken off; options
 * and URLs aside) counts, which finds more than the shell would run, never less of what is
 * written out.
 */
final class GitCommands {
    /** Keys that hold a command in any section or subsection (difftool.x.cmd, merge.x.driver, ...). */
    private static final Set<String> COMMAND_KEYS = Set.of("cmd", "command", "driver", "textconv", "clean", "smudge",
            "process", "program", "helper");
    private static final Set<String> COMMAND_NAMES = Set.of("core.fsmonitor", "core.pager", "core.editor", "core.sshcommand",
            "core.askpass", "core.gitproxy", "sequence.editor", "diff.external", "interactive.difffilter",
            "uploadpack.packobjectshook");
    /** Sections whose every value is a command (or, for aliases, one when it starts with {@code !}). */
    private static final Set<String> COMMAND_SECTIONS = Set.of("alias", "pager");

    private GitCommands() {}

    /** Whether git runs the value of the setting {@code name} (lower-case section and key). */
    static boolean isCommand(String name) {
        int dot = name.indexOf('.');
        if (dot < 0) {
            return false;
        }
        String key = name.substring(name.lastIndexOf('.') + 1);
        return COMMAND_NAMES.contains(name) || COMMAND_KEYS.contains(key) || COMMAND_SECTIONS.contains(name.substring(0, dot));
    }

    /** The words of a command that name a program or script by path, as written. */
    static List<String> programPaths(String command) {
        List<String> paths = new ArrayList<>();
        for (String word : command.split("[\\s;&|()]+")) {
            String bare = strip(word);
            if (bare.startsWith("!")) {
                bare = strip(bare.substring(1));
            }
            if (bare.isEmpty() || bare.startsWith("-") || bare.contains("://")) {
                continue;
            }
            if (bare.contains("/") || bare.startsWith("~")) {
                paths.add(bare);
            }
        }
        return paths;
    }

    private static String strip(String word) {
        String bare = word;
        while (!bare.isEmpty() && "\"'`".indexOf(bare.charAt(0)) >= 0) {
            bare = bare.substring(1);
        }
        while (!bare.isEmpty() && "\"'`".indexOf(bare.charAt(bare.length() - 1)) >= 0) {
            bare = bare.substring(0, bare.length() - 1);
        }
        return bare;
    }
}
