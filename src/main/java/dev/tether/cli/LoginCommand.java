package dev.tether.cli;

import dev.tether.cli.exit.ExitCode;
import dev.tether.config.StoredCredentials;
import dev.tether.config.files.TetherPaths;
import java.io.BufferedReader;
import java.io.Console;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * {@code tether login} and {@code tether logout}: a person at a terminal (often one the editor
 * opened for ACP's {@code terminal} auth method) chooses a provider and pastes an API key, which
 * is stored owner-only ({@link StoredCredentials}); {@code logout} removes it. The key is read
 * with echo off when there is a console, is never printed, and never reaches an environment.
 * Without a console (a pipe) the choice and the key are read as lines from standard input.
 */
final class LoginCommand {
    private LoginCommand() {}

    /** Where the answers come from: the console (the key with echo off), or lines of input. */
    interface Terminal {
        String readLine(String prompt) throws IOException;

        String readSecret(String prompt) throws IOException;
    }

    static int login(String[] args, InputStream in, OutputStream out, PrintStream err, Map<String, String> env) {
        Console console = interactiveConsole();
        Terminal terminal;
        if (console != null) {
            terminal = new Terminal() {
                @Override
                public String readLine(String prompt) {
                    return console.readLine("%s", prompt);
                }

                @Override
                public String readSecret(String prompt) {
                    return secret(console.readPassword("%s", prompt));
                }
            };
        } else {
            terminal = lines(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)), out);
        }
        return login(args, terminal, out, err, StoredCredentials.file(TetherPaths.from(env)), env);
    }

    /** Answers read as lines (a pipe, or a test); prompts go to {@code out}. */
    static Terminal lines(BufferedReader lines, OutputStream out) {
        return new Terminal() {
            @Override
            public String readLine(String prompt) throws IOException {
                print(out, prompt);
                return lines.readLine();
            }

            @Override
            public String readSecret(String prompt) throws IOException {
                return readLine(prompt);
            }
        };
    }

    static int login(String[] args, Terminal terminal, OutputStream out, PrintStream err, Path file, Map<String, String> env) {
        try {
            String unknown = unknownArgument(args);
            if (unknown != null) {
                err.println("tether login: " + unknown + " (usage: tether login [--provider anthropic|openai])");
                return ExitCode.USAGE.code();
            }
            String provider = provider(args, terminal);
            if (provider == null) {
                err.println(Arrays.asList(args).contains("--provider")
                        ? "tether login: --provider takes anthropic or openai"
                        : "tether login: choose 1 (Anthropic) or 2 (OpenAI)");
                return ExitCode.USAGE.code();
            }
            String label = provider.equals("anthropic") ? "Anthropic" : "OpenAI";
            String key = terminal.readSecret("Paste your " + label + " API key (it is not shown): ");
            if (key == null || key.isBlank()) {
                err.println("tether login: no key given; nothing was stored");
                return ExitCode.FAILURE.code();
            }
            StoredCredentials.save(file, provider, key.strip());
            String envName = provider.equals("anthropic") ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY";
            print(out, "\nSigned in to " + label + ". The key is stored in " + file + " (readable only by you).\n"
                    + (env.containsKey(envName) || env.containsKey("TETHER_PROVIDER")
                    ? "Note: " + (env.containsKey(envName) ? envName : "TETHER_PROVIDER")
                            + " is set in this environment; where it is set, the environment wins.\n"
                    : ""));
            return ExitCode.OK.code();
        } catch (IOException e) {
            // The message names the file, never the key.
            err.println("tether login: cannot store the key: " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
    }

    static int logout(OutputStream out, PrintStream err, Map<String, String> env) {
        return logout(out, err, StoredCredentials.file(TetherPaths.from(env)));
    }

    static int logout(OutputStream out, PrintStream err, Path file) {
        try {
            print(out, StoredCredentials.delete(file) ? "Signed out: removed " + file + ".\n" : "No stored key (" + file + ").\n");
            return ExitCode.OK.code();
        } catch (IOException e) {
            err.println("tether logout: cannot remove " + file + ": " + e.getMessage());
            return ExitCode.FAILURE.code();
        }
    }

    /** What on the command line login does not take (an argument it would silently ignore), or null. */
    private static String unknownArgument(String[] args) {
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--provider")) {
                if (i + 1 >= args.length) {
                    return "--provider needs a value";
                }
                i++;
            } else {
                return "unexpected argument \"" + args[i] + "\"";
            }
        }
        return null;
    }

    /** {@code --provider NAME}, else the user's choice from a menu; null for anything else. */
    private static String provider(String[] args, Terminal terminal) throws IOException {
        int flag = Arrays.asList(args).indexOf("--provider");
        String answer;
        if (flag >= 0 && flag + 1 < args.length) {
            answer = args[flag + 1];
        } else {
            answer = terminal.readLine("Sign Tether in to a model provider.\n  1) Anthropic\n  2) OpenAI\nChoose [1]: ");
            if (answer == null) {
                return null;
            }
        }
        return switch (answer.strip().toLowerCase(Locale.ROOT)) {
            case "", "1", "anthropic" -> "anthropic";
            case "2", "openai" -> "openai";
            default -> null; // the caller says what was expected
        };
    }

    /**
     * The console when standard input is a terminal. From JDK 22 {@link System#console()} may
     * answer for a pipe too; {@code isTerminal()} (JDK 22+, looked up so JDK 21 runs) tells.
     */
    private static Console interactiveConsole() {
        Console console = System.console();
        if (console == null) {
            return null;
        }
        try {
            Object terminal = Console.class.getMethod("isTerminal").invoke(console);
            return Boolean.TRUE.equals(terminal) ? console : null;
        } catch (ReflectiveOperationException e) {
            return console;
        }
    }

    private static String secret(char[] chars) {
        if (chars == null) {
            return null;
        }
        String value = new String(chars);
        Arrays.fill(chars, '\0');
        return value;
    }

    private static void print(OutputStream out, String text) {
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException ignored) {
            // A closed terminal: the result code still tells.
        }
    }
}
