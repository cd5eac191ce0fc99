package dev.tether.cli.mcp;

import dev.tether.cli.exit.ExitCode;
import dev.tether.config.files.TetherPaths;
import dev.tether.config.sources.PolicyBindings;
import java.io.PrintStream;
import java.util.Map;
import java.util.Optional;

/**
 * {@code tether mcp rebind <name>}: binds the user's policy-only entry for {@code name} to the
 * editor's server that was last refused it (the one a session's notice named), so that server
 * takes the entry's grants from the next session on ({@link PolicyBindings}).
 */
final class RebindCommand {
    static final String USAGE = "usage: tether mcp rebind <name>";

    private RebindCommand() {}

    static boolean handles(String verb) {
        return verb.equals("rebind");
    }

    static int run(String[] args, PrintStream out, PrintStream err, Map<String, String> env) {
        if (args.length != 2) {
            err.println(USAGE);
            return ExitCode.USAGE.code();
        }
        String name = args[1];
        PolicyBindings bindings = PolicyBindings.in(TetherPaths.from(env));
        try {
            Optional<PolicyBindings.Identity> bound = bindings.rebind(name);
            if (bound.isEmpty()) {
                out.println("Nothing to rebind: no editor's server named \"" + name + "\" was refused your entry's policy"
                        + " since it was bound.");
                return ExitCode.OK.code();
            }
            out.println("Your entry for \"" + name + "\" now belongs to `" + bound.get().shown() + "`; new sessions give that server"
                    + " what the entry grants.");
            return ExitCode.OK.code();
        } catch (PolicyBindings.StoreException e) {
            err.println("tether: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
    }
}
