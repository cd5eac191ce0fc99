package dev.tether.session;

import dev.tether.base.git.ProjectRoot;
import dev.tether.context.commands.CommandFiles;
import dev.tether.context.commands.FileCommand;
import dev.tether.context.skills.SkillFiles;
import dev.tether.context.skills.SkillTool;
import dev.tether.session.commands.SessionCommands;
import dev.tether.session.servers.McpLauncher;
import dev.tether.session.servers.ServerSkills;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * A session's commands and skills kept as files, and its servers' skills: the project's
 * {@code .tether/} and {@code .claude/} folders in every directory from the project root
 * ({@link ProjectRoot}) down to the session's directory, and the user's own under their
 * configuration directory. Scanned when asked (unchanged files are not read again), so an edit
 * shows at the next model request or command; each warning is said once.
 */
final class SessionFiles {
    private final CommandFiles commands;
    private final SkillFiles skills;
    private final ServerSkills serverSkills;
    private final Consumer<String> warn;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    /**
     * @param userDir the user's configuration directory, or null
     * @param warn    tells the user about a file that is not offered
     */
    SessionFiles(Path userDir, Path cwd, McpLauncher.Servers servers, Consumer<String> warn) {
        List<Path> dirs = projectDirs(cwd);
        this.commands = new CommandFiles(CommandFiles.sources(userDir, dirs));
        this.skills = new SkillFiles(SkillFiles.sources(userDir, dirs));
        this.serverSkills = new ServerSkills(servers);
        this.warn = warn;
    }

    /** The project root and each directory below it down to {@code cwd}, root first. */
    static List<Path> projectDirs(Path cwd) {
        Path here = ProjectRoot.canonical(cwd);
        Path root = ProjectRoot.of(cwd);
        List<Path> dirs = new ArrayList<>();
        if (!here.startsWith(root)) {
            return List.of(here);
        }
        for (Path d = here; d != null && d.startsWith(root); d = d.getParent()) {
            dirs.addFirst(d);
        }
        return dirs;
    }

    /** The command files on offer now; a file named like a built-in command is not, and the user is told. */
    List<FileCommand> commands() {
        CommandFiles.Scan scan = commands.scan();
        scan.warnings().forEach(this::warnOnce);
        List<FileCommand> offered = new ArrayList<>();
        for (FileCommand command : scan.commands()) {
            if (SessionCommands.BUILT_IN.contains(command.name())) {
                warnOnce("Command file " + command.file() + " is not offered: /" + command.name() + " is a built-in command, which wins.");
            } else {
                offered.add(command);
            }
        }
        return offered;
    }

    /** The {@code skill} tool over the skill files and the servers' skills, when there is any skill. */
    List<Tool> skillTool() {
        skills.scan().warnings().forEach(this::warnOnce);
        return SkillTool.of(List.of(skills, serverSkills)).<List<Tool>>map(List::of).orElse(List.of());
    }

    private void warnOnce(String warning) {
        if (warned.add(warning)) {
            warn.accept(warning);
        }
    }
}
