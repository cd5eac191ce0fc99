package dev.tether.cli;

import dev.tether.config.schema.DidYouMean;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The usage of each command and subcommand ({@code tether <command> --help}), and the names an
 * unknown command is compared with. Exit codes, for every command: 0 ok, 1 failure, 2 usage or
 * configuration error.
 */
final class CommandHelp {
    private CommandHelp() {}

    private static final String EXIT = "\nExit codes: " + dev.tether.cli.exit.ExitCode.OK.code() + " ok, "
            + dev.tether.cli.exit.ExitCode.FAILURE.code() + " failure, " + dev.tether.cli.exit.ExitCode.USAGE.code() + " usage error.\n";

    /** By command path ("mcp add"): the usage, then examples. */
    private static final Map<String, String> USAGE = new LinkedHashMap<>();

    static {
        put("acp", """
                usage: tether [acp] [--mcp-config <file|json>]... [--strict-mcp-config]
                Runs the ACP agent on stdin/stdout: what an editor starts. Options it does not know are
                reported to the editor, in each session, instead of stopping it.
                  --mcp-config <file|json>   add MCP servers ({"mcpServers": {name: {...}}}); repeatable
                  --strict-mcp-config        only the --mcp-config servers: not the editor's, not the config file's
                example: tether acp --mcp-config ./servers.json""");
        USAGE.put("exec", """
                usage: tether exec [options] [PROMPT]
                One turn for scripts and CI, driven through the same agent an editor drives: the answer on
                stdout, progress on stderr. PROMPT, or the whole of stdin when PROMPT is - or absent; with a
                PROMPT, piped stdin is appended after a blank line (not waited for past 3 s: < /dev/null skips it).
                  --json                        JSON Lines on stdout: each session/update, permission decisions, the result last
                  --mode readOnly|ask|acceptEdits|auto
                                                the session mode (default ask); whatever would ask is denied and reported
                  --allow RULE, --deny RULE     permission rules for this run (the syntax of "permissions" in the config)
                  --sandbox off|read-only|workspace-write
                                                the OS sandbox for this run's commands
                  --max-turns N                 model requests this run may make
                  --timeout SECONDS             cancel the turn that long after the start
                  --output-schema FILE          the answer must be JSON valid against this schema (one retry)
                  -o FILE                       also write the final message to FILE
                  --continue | --resume ID      one more turn of the newest session of --cwd, or of session ID
                  --ephemeral                   delete the session (and its transcript) when the run ends
                  --image FILE                  attach an image (repeatable)
                  --cwd DIR, --model ID, --provider NAME, --mcp-config <file|json>, --strict-mcp-config
                examples: tether exec "explain src/main.rs"
                          git diff | tether exec --json --mode readOnly "review this diff"

                Exit codes: 0 the turn ended, 1 the model or a tool failed, 2 usage or configuration error,
                3 authentication missing, 4 a limit was reached, 5 --output-schema not met, 130 interrupted.
                """);
        put("login", """
                usage: tether login [--provider anthropic|openai]
                Stores a provider API key, owner-only, next to the config file; a key in the environment still wins.
                example: tether login --provider anthropic""");
        put("logout", """
                usage: tether logout
                Removes the key tether login stored.""");
        put("doctor", """
                usage: tether doctor [--check] [--json]
                Java and the start-up cache, the model and where its key comes from, the config file and its
                warnings, this project's MCP servers (--check connects to each), the log file's path.
                Exits 0 only when nothing is wrong.
                example: tether doctor --check""");
        put("reference-server", """
                usage: tether reference-server
                Runs the bundled reference MCP server (a small order system) on stdio.""");
        put("permissions", """
                usage: tether permissions list [--json] | remove <rule> | approve | reject
                The permission rules of the project of the current directory.
                example: tether permissions remove 'run_command(npm test:*)'""");
        put("permissions list", "usage: tether permissions list [--json]\nEvery rule for this project, by scope; --json prints one JSON document.");
        put("permissions remove", "usage: tether permissions remove <rule>\nRemoves a rule of the local scope, as `list` shows it.");
        put("permissions approve", "usage: tether permissions approve\nApplies the allow rules of this project's .tether/settings.json.");
        put("permissions reject", "usage: tether permissions reject\nRefuses the allow rules of this project's .tether/settings.json.");
        put("mcp", """
                usage: tether mcp <command> [options]
                commands: add, add-json, list, get, remove, enable, disable, approve, reject,
                          reset-project-choices, rebind, login, logout, status
                `tether mcp <command> --help` shows each one.
                example: tether mcp add notes -- npx -y notes-mcp""");
        put("mcp add", """
                usage: tether mcp add [-s|--scope local|project|user] [-t|--transport stdio|http|sse|ws]
                                      [-e KEY=VALUE]... [-H "Name: value"]... <name> -- <command> [args...]
                       tether mcp add [options] <name> <url>
                Everything after -- is the server's command line, options included.
                examples: tether mcp add notes -- npx -y notes-mcp --verbose
                          tether mcp add --scope user -t http docs https://docs.example.com/mcp""");
        put("mcp add-json", """
                usage: tether mcp add-json [-s|--scope local|project|user] <name> '<json>'
                example: tether mcp add-json search '{"type": "sse", "url": "https://search.example/sse"}'""");
        put("mcp list", """
                usage: tether mcp list [--json] [--check]
                Every server of this project: scope, file, status and the configuration's warnings.
                --check connects to each; --json prints one JSON document.""");
        put("mcp get", "usage: tether mcp get [--json] <name>\nOne server's entry, where it comes from and its status.");
        put("mcp remove", "usage: tether mcp remove [-s|--scope local|project|user] <name>\nexample: tether mcp remove notes");
        put("mcp enable", "usage: tether mcp enable [-s|--scope local|project|user] <name>");
        put("mcp disable", "usage: tether mcp disable [-s|--scope local|project|user] <name>\nKeeps the entry, starts nothing.");
        put("mcp approve", """
                usage: tether mcp approve <name>
                Allows a server of this project's .mcp.json files for the project root (the git top level,
                else this directory), wherever in the project you run it.""");
        put("mcp reject", "usage: tether mcp reject <name>\nRefuses a server of this project's .mcp.json files for the project root.");
        put("mcp reset-project-choices", "usage: tether mcp reset-project-choices\nForgets every answer about this project's servers.");
        put("mcp rebind", "usage: tether mcp rebind <name>\nGives your policy-only entry <name> to the editor's server of that name.");
        put("mcp login", "usage: tether mcp login <server>\nOAuth sign-in to an HTTP server, in your browser.\nexample: tether mcp login docs");
        put("mcp logout", "usage: tether mcp logout [server]\nForgets the sign-in of one server, or of all.");
        put("mcp status", "usage: tether mcp status [--json] [server]\nWhether each HTTP server (yours, and the project's you approved) is signed in;"
                + " --json prints one JSON document.");
    }

    private static void put(String path, String text) {
        USAGE.put(path, text.strip() + "\n" + EXIT);
    }

    /** The usage of the command the words before any option name ("mcp add"), or null for the global usage. */
    static String of(List<String> words) {
        for (int n = Math.min(2, words.size()); n >= 1; n--) {
            String text = USAGE.get(String.join(" ", words.subList(0, n)));
            if (text != null) {
                return text;
            }
        }
        return null;
    }

    /** "unknown command" with the closest known one, for {@code words} (a command, or a command and subcommand). */
    static String unknown(String parent, String word) {
        List<String> known = USAGE.keySet().stream()
                .filter(p -> parent == null ? !p.contains(" ") : p.startsWith(parent + " "))
                .map(p -> parent == null ? p : p.substring(parent.length() + 1))
                .toList();
        String name = parent == null ? word : parent + " " + word;
        String hint = DidYouMean.hint(word, known);
        return "tether: unknown command \"" + name + "\"" + (hint.isEmpty() ? "." : hint)
                + " Run tether " + (parent == null ? "" : parent + " ") + "--help.";
    }

    /** Every command path that has its own usage. */
    static java.util.Set<String> paths() {
        return java.util.Collections.unmodifiableSet(USAGE.keySet());
    }

    /** Whether {@code parent word} is a known subcommand. */
    static boolean knows(String parent, String word) {
        return USAGE.containsKey(parent + " " + word);
    }
}
