package dev.tether.cli.exec;

import dev.tether.model.ProviderSettings;
import dev.tether.tools.sandbox.SandboxMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of {@code tether exec [options] [PROMPT]}, checked: a bad flag, a missing value
 * or two prompts are a {@link Usage} error (exit 2) that names what was wrong.
 *
 * @param prompt    the prompt, or null to read standard input ({@code -} or no PROMPT)
 * @param passOn    the agent's own options ({@code --mcp-config}, {@code --strict-mcp-config}), as given
 * @param maxTurns  model requests this run may make, or 0 for the agent's default
 * @param timeout   seconds the turn may take, or 0 for no limit
 * @param sandbox   {@code --sandbox}: the sandbox mode for this run's commands, or null for the settings'
 * @param cwdGiven  whether {@code --cwd} was given ({@code cwd} is otherwise where exec runs)
 */
public record ExecArgs(String prompt, boolean json, Path outputSchema, Path outputFile, String mode, List<String> allow,
                       List<String> deny, int maxTurns, long timeout, boolean continueLast, String resume, boolean ephemeral,
                       List<Path> images, Path cwd, String model, String provider, List<String> passOn,
                       SandboxMode sandbox, boolean cwdGiven) {

    /** The session modes {@code --mode} takes (the ACP mode ids). */
    public static final List<String> MODES = List.of("readOnly", "ask", "acceptEdits", "auto");

    private static final java.util.Set<String> TAKES_VALUE = java.util.Set.of("--output-schema", "-o", "--output-last-message",
            "--mode", "--allow", "--deny", "--max-turns", "--timeout", "--resume", "--image", "--cwd", "-C", "--model", "-m",
            "--provider", "--mcp-config", "--sandbox");

    /** A command line that cannot be run; the message is for the user. */
    public static final class Usage extends Exception {
        public Usage(String message) {
            super(message, null, false, false);
        }
    }

    /** Reads {@code args} (what follows {@code exec}); relative paths resolve against {@code base}. */
    public static ExecArgs parse(String[] args, Path base) throws Usage {
        Builder b = new Builder();
        boolean onlyPrompt = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (onlyPrompt || !arg.startsWith("-") || arg.equals("-")) {
                if (b.promptGiven) {
                    throw new Usage("only one PROMPT may be given (found \"" + arg + "\" after it); quote a prompt with spaces");
                }
                b.promptGiven = true;
                b.prompt = arg.equals("-") && !onlyPrompt ? null : arg;
                continue;
            }
            String name = arg;
            String inline = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                inline = arg.substring(eq + 1);
            }
            switch (name) {
                case "--" -> onlyPrompt = true;
                case "--json" -> b.json = flag(name, inline);
                case "--continue" -> b.continueLast = flag(name, inline);
                case "--ephemeral" -> b.ephemeral = flag(name, inline);
                case "--strict-mcp-config" -> b.passOn.add(name + (inline == null ? "" : "=" + inline));
                default -> {
                    if (!TAKES_VALUE.contains(name)) {
                        throw new Usage("unknown option " + name + " (tether --help lists exec's options)");
                    }
                    String value = inline != null ? inline : value(name, args, ++i);
                    switch (name) {
                        case "--output-schema" -> b.outputSchema = base.resolve(value);
                        case "-o", "--output-last-message" -> b.outputFile = base.resolve(value);
                        case "--mode" -> b.mode = mode(value);
                        case "--allow" -> b.allow.add(value);
                        case "--deny" -> b.deny.add(value);
                        case "--max-turns" -> b.maxTurns = (int) positive(name, value, Integer.MAX_VALUE);
                        case "--timeout" -> b.timeout = positive(name, value, Long.MAX_VALUE / 1000);
                        case "--resume" -> b.resume = value;
                        case "--image" -> b.images.add(base.resolve(value));
                        case "--cwd", "-C" -> b.cwd = base.resolve(value).normalize();
                        case "--model", "-m" -> b.model = value;
                        case "--provider" -> b.provider = provider(value);
                        case "--sandbox" -> b.sandbox = sandbox(value);
                        case "--mcp-config" -> {
                            b.passOn.add(name);
                            // A file is named as the user meant it, from where exec was run, whatever --cwd says.
                            // Inline JSON starts with { (or [, which ExecSetup refuses as not an object).
                            boolean json = value.strip().startsWith("{") || value.strip().startsWith("[");
                            b.passOn.add(json ? value : base.resolve(value).toString());
                        }
                        default -> throw new IllegalStateException(name);
                    }
                }
            }
        }
        if (b.continueLast && b.resume != null) {
            throw new Usage("--continue and --resume cannot be used together");
        }
        if (b.ephemeral && (b.continueLast || b.resume != null)) {
            throw new Usage("--ephemeral starts a new session; it cannot continue one");
        }
        return new ExecArgs(b.prompt, b.json, b.outputSchema, b.outputFile, b.mode, List.copyOf(b.allow), List.copyOf(b.deny),
                b.maxTurns, b.timeout, b.continueLast, b.resume, b.ephemeral, List.copyOf(b.images), b.cwd == null ? base : b.cwd,
                b.model, b.provider, List.copyOf(b.passOn), b.sandbox, b.cwd != null);
    }

    private static boolean flag(String name, String inline) throws Usage {
        if (inline != null) {
            throw new Usage(name + " takes no value");
        }
        return true;
    }

    private static String value(String name, String[] args, int at) throws Usage {
        if (at >= args.length) {
            throw new Usage(name + " needs a value");
        }
        return args[at];
    }

    private static String mode(String value) throws Usage {
        if (!MODES.contains(value)) {
            throw new Usage("--mode must be one of " + String.join(", ", MODES) + ", not \"" + value + "\"");
        }
        return value;
    }

    private static String provider(String value) throws Usage {
        List<String> known = List.of(ProviderSettings.ANTHROPIC, ProviderSettings.OPENAI, ProviderSettings.SCRIPTED);
        if (!known.contains(value)) {
            throw new Usage("--provider must be one of " + String.join(", ", known) + ", not \"" + value + "\"");
        }
        return value;
    }

    private static SandboxMode sandbox(String value) throws Usage {
        return SandboxMode.fromId(value).orElseThrow(() -> new Usage("--sandbox must be one of "
                + String.join(", ", java.util.Arrays.stream(SandboxMode.values()).map(SandboxMode::id).toList()) + ", not \"" + value + "\""));
    }

    private static long positive(String name, String value, long max) throws Usage {
        long n;
        try {
            n = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new Usage(name + " takes a whole number, not \"" + value + "\"");
        }
        if (n < 1 || n > max) {
            throw new Usage(name + " must be at least 1" + (max < Long.MAX_VALUE / 1000 ? " and at most " + max : "") + ", not " + n);
        }
        return n;
    }

    private static final class Builder {
        String prompt;
        boolean promptGiven;
        boolean json;
        Path outputSchema;
        Path outputFile;
        String mode;
        final List<String> allow = new ArrayList<>();
        final List<String> deny = new ArrayList<>();
        int maxTurns;
        long timeout;
        boolean continueLast;
        String resume;
        boolean ephemeral;
        final List<Path> images = new ArrayList<>();
        Path cwd;
        String model;
        String provider;
        final List<String> passOn = new ArrayList<>();
        SandboxMode sandbox;
    }
}
