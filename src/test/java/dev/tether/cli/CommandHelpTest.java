package dev.tether.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tether <command> --help} and {@code -h} print that command's own usage, for every command and subcommand. */
class CommandHelpTest {
    @TempDir
    Path dir;

    @Test
    void everyCommandHasItsOwnUsage() throws Exception {
        FirstContactAgent user = new FirstContactAgent(dir);
        assertTrue(CommandHelp.paths().size() >= 20, CommandHelp.paths().toString());
        for (String path : CommandHelp.paths()) {
            for (String flag : List.of("--help", "-h")) {
                List<String> args = new ArrayList<>(List.of(path.split(" ")));
                args.add(flag);
                FirstContactAgent.Ran ran = user.run(args.toArray(String[]::new));
                assertEquals(0, ran.exit(), path);
                String expected = path.equals("acp") ? "usage: tether [acp]" : "usage: tether " + path;
                assertTrue(ran.out().startsWith(expected), path + " " + flag + " printed: " + ran.out());
                // exec has more exit codes than the others (docs/reference/exec.md); 0, 1 and 2 mean the same everywhere.
                assertTrue(ran.out().contains(path.equals("exec") ? "Exit codes: 0 the turn ended, 1 the model or a tool failed, 2 usage"
                        : "Exit codes: 0 ok, 1 failure, 2 usage error."), path);
            }
        }
        assertTrue(user.run("help", "mcp", "add").out().startsWith("usage: tether mcp add"), "tether help <command>");
        assertTrue(user.run("--help").out().contains("Usage:"), "the global usage");
    }
}
