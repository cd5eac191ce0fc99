package dev.tether.config.policy;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A {@code serverCommand} rule: a program and its arguments, and, in an allow rule, the variables
 * ({@code serverEnv}) and the directory ({@code serverCwd}) it covers.
 *
 * <p>An <b>allow</b> rule covers a server that runs this command as listed: the same program (the
 * rule's first word looked up on Tether's own {@code PATH}, a path taken as written; compared as
 * real paths with what the transport executes, after a plain {@code env} wrapper is taken off);
 * the same number of arguments; an argument the rule writes as an absolute path is the same file
 * (the server's argument taken against the server's directory, links followed), any other
 * argument the same text. A word the rule writes relative (a file, a package, a module, an option
 * with a path in it) means what it means in the session's directory, so a server whose own
 * {@code cwd} is elsewhere is not covered unless the rule names that directory in
 * {@code serverCwd}. A shell's {@code -c} is never looked into: {@code sh -c "…"} is covered only
 * by a rule that lists the shell and the script. Variables that change what runs ({@link LoaderVariables}) are covered only when the
 * rule lists each with the same value ({@link #unlisted}).
 *
 * <p>A <b>deny</b> rule matches when its words appear in order (others may stand between them) in
 * the server's command line, its unwrapped command or a {@code -c} script, each word standing for
 * any spelling of the same program or file ({@link ServerCommand#contains}).
 *
 * @param env the variables an allow rule covers, with their values
 * @param cwd the directory an allow rule covers, or null (the session's)
 */
public record CommandPattern(List<String> words, Map<String, String> env, Path cwd) {
    public CommandPattern {
        words = List.copyOf(words);
        env = Map.copyOf(env);
    }

    /** Whether this deny rule matches {@code server}. */
    public boolean denies(ServerCommand server) {
        return server.contains(words);
    }

    /** Whether this allow rule's command, arguments and directory are what {@code server} runs (variables aside). */
    public boolean covers(ServerCommand server) {
        LaunchContext context = server.context();
        String first = words.getFirst();
        Path program = first.contains("/") ? LaunchContext.canonical(context.sessionDir(), first)
                : context.program(first, Map.of(), context.sessionDir());
        if (program == null) {
            return false;
        }
        for (ServerCommand.Line line : server.lines()) {
            if (line.words().size() != words.size() || !program.equals(line.program())) {
                continue;
            }
            boolean relative = first.contains("/") && !absolute(first);
            boolean same = true;
            for (int i = 1; i < words.size() && same; i++) {
                String rule = words.get(i);
                String word = line.words().get(i);
                if (absolute(rule)) {
                    same = !word.startsWith("-") && Objects.equals(LaunchContext.canonical(server.cwd(), word),
                            LaunchContext.canonical(context.sessionDir(), rule));
                } else {
                    same = rule.equals(word);
                    // Only an option without a path in it means the same in every directory.
                    relative |= !rule.startsWith("-") || rule.contains("/");
                }
            }
            if (same) {
                Path dir = LaunchContext.canonical(server.cwd());
                return cwd != null ? dir.equals(LaunchContext.canonical(cwd))
                        : !relative || dir.equals(LaunchContext.canonical(context.sessionDir()));
            }
        }
        return false;
    }

    /** The variables {@code server} sets that change what runs and that this rule does not list with the same value. */
    public List<String> unlisted(ServerCommand server) {
        List<String> out = new ArrayList<>();
        server.loaderVariables().forEach((name, value) -> {
            if (!value.equals(env.get(name))) {
                out.add(name);
            }
        });
        return out;
    }

    /** Who reads {@code variable} ("Python", "the dynamic loader"), for a reason the user reads. */
    public static String family(String variable) {
        LoaderVariables.Family family = LoaderVariables.of(variable);
        return family == null ? "" : family.who();
    }

    private static boolean absolute(String word) {
        try {
            return Path.of(word).isAbsolute();
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
