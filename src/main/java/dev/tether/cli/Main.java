package dev.tether.cli;

import dev.tether.cli.exec.ExecCommand;
import dev.tether.cli.exit.ExitCode;
import dev.tether.cli.mcp.McpCommand;
import dev.tether.cli.secrets.HandedOverSecrets;
import dev.tether.cli.train.Training;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Tether's entry point: {@code tether [acp]} (the ACP agent on stdio), {@code tether
 * reference-server}, {@code tether mcp …} ({@link McpCommand}), {@code --help}, {@code --version}.
 * Wires things; holds no logic.
 */
public final class Main {
    private Main() {}

    static final String RETRY_ALL_METHODS = "jdk.httpclient.enableAllMethodRetry";

    public static void main(String[] args) {
        // The ACP agent's warm-up starts before anything else: the first frame's parse waits for it.
        if (args.length == 0 || args[0].equals("acp") || args[0].startsWith("-")) {
            StartupWarmup.start();
        }
        // stdout belongs to the protocol: keep a handle on it, and send everything else to stderr.
        OutputStream protocolOut = new FileOutputStream(FileDescriptor.out);
        PrintStream stderr = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.setOut(stderr);
        // A pooled HTTP connection that the server closed while idle (Node servers do after 5 s)
        // fails the next POST before a byte is answered; the JDK retries that only for GET unless
        // told to. In that race the server never read the request (decisions.md).
        if (System.getProperty(RETRY_ALL_METHODS) == null) {
            System.setProperty(RETRY_ALL_METHODS, "true");
        }
        Map<String, String> env = HandedOverSecrets.merge(System.getenv(), stderr::println);
        if (args.length == 0 && AtTerminal.stdin()) {
            // A person typed `tether`: say what this is instead of waiting silently for JSON-RPC.
            stderr.print(AtTerminal.help(version()));
            System.exit(ExitCode.OK.code());
        }
        String[] effective = logTo(args, env, stderr);
        int code = run(effective, System.in, protocolOut, stderr, env);
        System.exit(code);
    }

    /**
     * Sends the log (slf4j writes to {@code System.err}) to the log file, masked, and to the
     * terminal as well for the agent (an editor shows its stderr) or with {@code --verbose} or
     * {@code TETHER_LOG}; a command's own messages go to {@code terminal} either way, so CLI output is
     * clean. {@code TETHER_LOG=<level>} (error, warn, info, debug, trace) also sets the level.
     *
     * @return {@code args} without {@code --verbose} (before a {@code --})
     */
    private static String[] logTo(String[] args, Map<String, String> env, PrintStream terminal) {
        List<String> kept = new java.util.ArrayList<>();
        boolean verbose = false;
        boolean ended = false;
        for (String arg : args) {
            ended |= arg.equals("--");
            if (!ended && arg.equals("--verbose")) {
                verbose = true;
            } else {
                kept.add(arg);
            }
        }
        String level = env.get("TETHER_LOG");
        if (level != null && List.of("error", "warn", "info", "debug", "trace").contains(level.strip().toLowerCase(java.util.Locale.ROOT))) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", level.strip().toLowerCase(java.util.Locale.ROOT));
            verbose = true;
        }
        boolean agent = kept.isEmpty() || kept.getFirst().equals("acp") || kept.getFirst().startsWith("-");
        java.nio.file.Path logs = LogFile.path(dev.tether.config.files.TetherPaths.from(env).stateDir()).getParent();
        dev.tether.security.SecretRegistry secrets = dev.tether.security.SecretRegistry.of(env, List.of());
        // Known keys first, then anything shaped like a credential (bearer tokens, sk-… keys, URL user info).
        java.util.function.UnaryOperator<String> mask =
                line -> dev.tether.security.Redactor.redactLines(secrets.redact(line), Integer.MAX_VALUE) + "\n";
        System.setErr(new PrintStream(new LogFile(logs, agent || verbose ? terminal : null, mask), true, StandardCharsets.UTF_8));
        return kept.toArray(String[]::new);
    }

    static int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
        return run(args, in, out, err, System.getenv());
    }

    /** @param env the process environment with the keys the launcher handed over ({@link HandedOverSecrets}) */
    static int run(String[] args, InputStream in, OutputStream out, PrintStream err, Map<String, String> env) {
        String command = args.length == 0 || args[0].startsWith("-") ? "acp" : args[0];
        String[] rest = args.length > 0 && !args[0].startsWith("-") ? Arrays.copyOfRange(args, 1, args.length) : args;
        // Tether's own options end at `--`: what follows is a server's command line (`mcp add x -- tool --help`).
        int end = Arrays.asList(args).indexOf("--");
        List<String> options = Arrays.asList(args).subList(0, end < 0 ? args.length : end);
        if (options.contains("--version") && (args[0].equals("--version") || command.equals("acp"))) {
            printTo(out, "tether " + version() + "\n");
            return ExitCode.OK.code();
        }
        if (options.contains("--help") || options.contains("-h") || command.equals("help")) {
            List<String> words = options.stream().takeWhile(a -> !a.startsWith("-")).toList();
            String own = command.equals("help") ? CommandHelp.of(options.subList(1, options.size())) : CommandHelp.of(words);
            printTo(out, own != null ? own : usage());
            return ExitCode.OK.code();
        }
        if (command.equals("mcp") && rest.length > 0 && !rest[0].startsWith("-") && !CommandHelp.knows("mcp", rest[0])) {
            err.println(CommandHelp.unknown("mcp", rest[0]));
            return ExitCode.USAGE.code();
        }
        // An editor's terminal auth method runs its configured invocation (say `tether acp`) with `login` appended.
        if (command.equals("acp") && args.length > 0 && List.of("login", "logout").contains(args[args.length - 1])) {
            command = args[args.length - 1];
            // The invocation's own options are the agent's, not login's: the user chooses from the menu.
            rest = new String[0];
        }
        return switch (command) {
            case "acp" -> AcpCommand.run(rest, in, out, err, env);
            case "exec" -> ExecCommand.run(rest, new ExecCommand.Process(in, AtTerminal.stdin(), AtTerminal.stderr(), out, err, env, java.nio.file.Path.of("").toAbsolutePath(),
                    Interrupts::install),
                    AcpCommand::run);
            case "login" -> LoginCommand.login(rest, in, out, err, env);
            case "logout" -> LoginCommand.logout(out, err, env);
            case "reference-server" -> dev.tether.reference.ReferenceServer.run(rest, in, out);
            case "mcp" -> McpCommand.run(rest, out, err, env);
            case "doctor" -> DoctorCommand.run(rest, new PrintStream(out, true, StandardCharsets.UTF_8), err, env,
                    java.nio.file.Path.of("").toAbsolutePath());
            case "permissions" -> PermissionsCommand.run(rest, new PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8), err, env,
                    java.nio.file.Path.of("").toAbsolutePath());
            // The start-up cache's training workload, run by scripts/build; not for users.
            case "train" -> {
                // An editor's start (no arguments) asks AtTerminal before anything else: asked here too, so that
                // its classes come from the cache. A class outside the cache opens the jar, which cost about
                // 11 ms of the initialize answer (84-89 against 72-77 ms median, spawn to answer). Guarded by
                // conformance/test/startup-cache.test.mjs: no Tether class from the jar before that answer.
                AtTerminal.stdin();
                yield Training.run(rest, err, (agentIn, agentOut, agentErr, agentEnv) ->
                        run(new String[] {"acp"}, agentIn, agentOut, agentErr, agentEnv));
            }
            default -> {
                err.println(CommandHelp.unknown(null, command));
                yield ExitCode.USAGE.code();
            }
        };
    }

    /** --help and --version are for a person at a terminal, not for an ACP client, so they go to stdout. */
    private static void printTo(OutputStream out, String text) {
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException ignored) {
            // Nothing to tell anyone if stdout is gone.
        }
    }

    /**
     * Tether's version. A constant rather than a read of the jar's version.properties: with the
     * start-up cache every class comes from the cache, so that read would be the first to open
     * the jar (its central directory, about 5 ms) on the {@code initialize} answer's path.
     * {@code VersionTest} keeps it equal to the project's version.
     */
    static String version() {
        return VERSION;
    }

    static final String VERSION = "0.1.0";

    static String usage() {
        return """
                Tether %s — a headless coding agent for ACP editors, with a complete MCP client runtime.

                Usage:
                  tether [acp] [options]        Run the ACP agent on stdin/stdout (what editors spawn).
                  tether exec [options] [PROMPT]
                                                One turn for scripts and CI: the answer on stdout, progress on stderr,
                                                exit 0 done, 1 failed, 2 usage, 3 no credentials, 4 a limit, 5 schema
                                                not met, 130 interrupted (docs/reference/exec.md). PROMPT or stdin.
                  tether reference-server       Run the bundled reference MCP server (a small order system) on stdio.
                  tether login [--provider anthropic|openai]
                                                Store a provider API key (owner-only, next to the config file).
                  tether logout                 Remove the stored key.
                  tether mcp add [-s local|project|user] [-t stdio|http|sse|ws] [-e KEY=VALUE] [-H "Name: value"]
                                 <name> -- <command> [args...] | <name> <url>
                                                Add an MCP server (default scope: local, this project only).
                  tether mcp add-json [-s scope] <name> '<json>'
                  tether mcp list [--json] [--check] | get [--json] <name>
                                                Servers of this project: scope, file, status; --check connects.
                  tether mcp remove | enable | disable [-s scope] <name>
                  tether mcp approve <server> | reject <server>
                                                Allow or refuse a server of this project's .mcp.json files.
                  tether mcp reset-project-choices
                                                Forget those answers for this project (the git top level, else
                                                this directory).
                  tether mcp rebind <name>      Give your policy-only entry <name> to the editor's server a
                                                session refused it to (its command or URL changed).
                  tether doctor [--check] [--json]
                                                What is wrong with this set-up: Java, model and key, config, servers, log file.
                  tether permissions list       The permission rules of this project, from every scope.
                  tether permissions remove <rule>
                                                Remove one of your rules for this project (what "Always allow" wrote).
                  tether permissions approve | reject
                                                Apply or refuse the allow rules of this project's .tether/settings.json.
                  tether mcp status [server]    OAuth credentials in the host ledger for the configured HTTP servers.
                  tether mcp login <server> | logout [server]
                  tether --help | --version

                Options for acp:
                  --mcp-config <file|json>      Add MCP servers ({"mcpServers": {name: {...}}}); wins over the editor's.
                                                A broken one is a warning, never a failed start.
                  --strict-mcp-config           Use only the servers from --mcp-config.

                Options for exec:
                  --json                        JSON Lines on stdout: each session/update, permission decisions, the result last
                  --mode readOnly|ask|acceptEdits|auto
                                                The session mode (default ask); whatever would ask is denied and reported.
                  --allow RULE, --deny RULE     Permission rules for this run (the syntax of "permissions" in the config).
                  --sandbox off|read-only|workspace-write
                                                The OS sandbox for this run's commands (the managed settings may forbid a looser one).
                  --max-turns N                 Model requests this run may make (exit 4 when reached).
                  --timeout SECONDS             Cancel the turn after that long (exit 4).
                  --output-schema FILE          The answer must be JSON valid against this schema (one retry, then exit 5).
                  -o FILE                       Also write the final message to FILE.
                  --continue | --resume ID      One more turn of the newest session of --cwd, or of session ID.
                  --ephemeral                   Delete the session when the run ends.
                  --image FILE                  Attach an image (repeatable).
                  --cwd DIR, --model ID, --provider NAME, --mcp-config <file|json>, --strict-mcp-config

                Environment:
                  TETHER_PROVIDER               anthropic | openai | scripted (default: from the keys present)
                  TETHER_MODEL                  model id
                  ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL
                  OPENAI_API_KEY, OPENAI_BASE_URL   any OpenAI-compatible server (Ollama, llama.cpp, vLLM, ...)
                  TETHER_SCRIPT                 the scripted model's JSONL file (with TETHER_PROVIDER=scripted)
                  XDG_CONFIG_HOME               config file: $XDG_CONFIG_HOME/tether/config.json
                                                (and the key tether login stores: credentials.json beside it)
                  XDG_STATE_HOME                session transcripts: $XDG_STATE_HOME/tether/sessions
                  TETHER_MANAGED_SETTINGS       the managed settings file (default /etc/tether/managed-settings.json)
                """.formatted(version());
    }
}
