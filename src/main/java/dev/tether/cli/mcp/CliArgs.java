package dev.tether.cli.mcp;

import dev.tether.cli.mcp.ScopeFile.Scope;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The arguments of a {@code tether mcp} subcommand, as Claude Code's {@code claude mcp} takes them:
 * options ({@code -s/--scope}, {@code -t/--transport}, {@code -e/--env}, {@code -H/--header},
 * {@code --json}, {@code --check}, each also as {@code --name=value}) anywhere before {@code --},
 * other words as positionals, and everything after {@code --} as the server's command, untouched.
 *
 * @param verb the subcommand ({@code args[0]})
 */
record CliArgs(String verb, String scopeText, String transport, List<String> env, List<String> headers, boolean json,
               boolean check, List<String> positionals, List<String> command) {

    private static final List<String> TAKES_VALUE = List.of("-s", "--scope", "-t", "--transport", "-e", "--env", "-H", "--header");

    /** A command line that cannot be understood; the message is for the user (exit 2). */
    static final class Usage extends Exception {
        Usage(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * @param takesCommand whether words after the name may be a command ({@code add}): then an
     *                     unknown option there is most likely the command's own, and the error says
     *                     to put the command after {@code --}
     */
    static CliArgs parse(String[] args, boolean takesCommand) throws Usage {
        String scope = null;
        String transport = null;
        boolean json = false;
        boolean check = false;
        List<String> env = new ArrayList<>();
        List<String> headers = new ArrayList<>();
        List<String> positionals = new ArrayList<>();
        List<String> command = List.of();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--")) {
                command = List.copyOf(Arrays.asList(args).subList(i + 1, args.length));
                break;
            }
            String flag = arg.contains("=") && arg.startsWith("--") ? arg.substring(0, arg.indexOf('=')) : arg;
            String value = flag.equals(arg) ? null : arg.substring(arg.indexOf('=') + 1);
            if (TAKES_VALUE.contains(flag) && value == null) {
                if (i + 1 >= args.length || args[i + 1].equals("--")) {
                    throw new Usage(flag + " needs a value");
                }
                value = args[++i];
            }
            switch (flag) {
                case "-s", "--scope" -> scope = value;
                case "-t", "--transport" -> transport = value;
                case "-e", "--env" -> env.add(value);
                case "-H", "--header" -> headers.add(value);
                case "--json" -> json = true;
                case "--check" -> check = true;
                default -> {
                    if (arg.startsWith("-") && arg.length() > 1) {
                        throw new Usage("unknown option \"" + arg + "\"" + (takesCommand && !positionals.isEmpty()
                                ? "; put the server's command and its options after --, e.g. `tether mcp add " + positionals.getFirst()
                                + " -- npx -y some-server`" : ""));
                    }
                    positionals.add(arg);
                }
            }
        }
        if (transport != null && !ServerEntry.TYPES.contains(transport)) {
            throw new Usage("--transport takes stdio, http, sse or ws (got \"" + transport + "\")");
        }
        if (scope != null && Scope.parse(scope) == null) {
            throw new Usage("--scope takes local, project or user (got \"" + scope + "\")");
        }
        return new CliArgs(args[0], scope, transport, env, headers, json, check, positionals, command);
    }

    /** The scope given, or {@code fallback}. */
    Scope scope(Scope fallback) {
        return scopeText == null ? fallback : Scope.parse(scopeText);
    }

    /** The scope given, or null. */
    Scope scopeOrNull() {
        return scopeText == null ? null : Scope.parse(scopeText);
    }
}
