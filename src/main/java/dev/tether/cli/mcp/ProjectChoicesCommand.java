package dev.tether.cli.mcp;

import dev.tether.cli.exit.ExitCode;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.mcp.McpConfig;
import dev.tether.config.sources.ProjectChoices;
import dev.tether.config.sources.ServerFingerprint;
import dev.tether.config.sources.WorkspaceMcpFiles;
import dev.tether.mcp.api.McpServerSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * {@code tether mcp approve <server> | reject <server> | reset-project-choices}: the user's answers
 * about the servers of the workspace {@code .mcp.json} files, for the project in the current
 * directory, kept in the same store the ACP sessions use ({@link ProjectChoices}). An approval
 * covers the entry as it is now; a changed entry is asked about again.
 */
final class ProjectChoicesCommand {
    static final String USAGE = "usage: tether mcp approve <server> | reject <server> | reset-project-choices";

    private ProjectChoicesCommand() {}

    static boolean handles(String verb) {
        return verb.equals("approve") || verb.equals("reject") || verb.equals("reset-project-choices");
    }

    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env, Path workingDir) {
        boolean reset = args[0].equals("reset-project-choices");
        if (reset ? args.length != 1 : args.length != 2) {
            err.println(USAGE);
            return ExitCode.USAGE.code();
        }
        ProjectChoices store = ProjectChoices.in(TetherPaths.from(env));
        String project = ProjectChoices.projectKey(workingDir);
        try {
            if (reset) {
                int forgotten = store.reset(workingDir);
                out.println(forgotten == 0 ? "No answers were remembered for " + project + "."
                        : "Forgot " + (forgotten == 1 ? "1 answer" : forgotten + " answers") + " about MCP servers for " + project
                        + "; you are asked again.");
                return ExitCode.OK.code();
            }
            String name = args[1];
            Optional<Declared> declared = find(workingDir, name);
            if (args[0].equals("reject")) {
                store.record(workingDir, name, ProjectChoices.Decision.REJECT, null);
                out.println("Rejected `" + name + "` for " + project + (declared.isEmpty() ? " (no .mcp.json declares it now)." : "."));
                return ExitCode.OK.code();
            }
            if (declared.isEmpty()) {
                err.println("tether: no .mcp.json from the project root " + project + " down to " + workingDir.toAbsolutePath().normalize()
                        + " declares an MCP server named \"" + name + "\"");
                return ExitCode.USAGE.code();
            }
            store.record(workingDir, name, ProjectChoices.Decision.ALLOW, ServerFingerprint.of(declared.get().spec()));
            out.println("Approved `" + name + "` from " + declared.get().file() + " for " + project
                    + ". If its entry changes, you are asked again.");
            return ExitCode.OK.code();
        } catch (ProjectChoices.StoreException e) {
            err.println("tether: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
    }

    private record Declared(McpServerSpec spec, Path file) {}

    /** The entry that wins for {@code name}: the deepest file that declares it. */
    private static Optional<Declared> find(Path workingDir, String name) {
        Declared found = null;
        for (WorkspaceMcpFiles.File file : WorkspaceMcpFiles.from(workingDir)) {
            McpConfig.Declared declared = file.parsed().declared();
            for (McpServerSpec spec : declared.servers()) {
                if (spec.name().equals(name)) {
                    found = new Declared(spec, file.path());
                }
            }
            if (declared.disabled().contains(name)) {
                found = null;
            }
        }
        return Optional.ofNullable(found);
    }
}
