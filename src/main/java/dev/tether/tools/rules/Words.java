package dev.tether.tools.rules;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What stands before the program in one simple command, for {@link ShellCommand}: reserved words
 * ({@code then}, {@code do}, {@code !}, <code>{</code>), which the shell reads as syntax; assignments
 * ({@code X=1}), which set the environment of the command; and wrappers ({@code command},
 * {@code exec}, {@code env}, {@code nice}, {@code nohup}, {@code time}, {@code timeout N},
 * {@code xargs}, {@code sudo}, …), programs that run the command named in their arguments. Also
 * the script a shell's {@code -c} or {@code eval} runs. A careful reading of the usual forms, not
 * of every option of every program: an option it does not know to take a value is read as a flag.
 */
final class Words {
    /** Reserved words that may stand before a command; what follows them is the command. */
    static final Set<String> RESERVED = Set.of("{", "}", "!", "if", "then", "else", "elif", "fi", "do", "done",
            "while", "until", "esac");

    /** Programs whose {@code -c} option takes a script. */
    static final Set<String> SHELLS = Set.of("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "fish");

    /** Wrappers, each with its options that take a value as the next word. */
    private static final Map<String, Set<String>> WRAPPERS = Map.ofEntries(
            Map.entry("command", Set.of()),
            Map.entry("coproc", Set.of()),
            Map.entry("builtin", Set.of()),
            Map.entry("exec", Set.of("-a")),
            Map.entry("env", Set.of("-u", "-C", "-S", "--unset", "--chdir", "--split-string")),
            Map.entry("nice", Set.of("-n", "--adjustment")),
            Map.entry("nohup", Set.of()),
            Map.entry("setsid", Set.of()),
            Map.entry("time", Set.of("-f", "-o", "--format", "--output")),
            Map.entry("timeout", Set.of("-s", "-k", "--signal", "--kill-after")),
            Map.entry("xargs", Set.of("-I", "-n", "-P", "-d", "-L", "-s", "-a", "-E", "--max-args", "--max-procs",
                    "--delimiter", "--max-lines", "--max-chars", "--arg-file", "--eof", "--replace")),
            Map.entry("stdbuf", Set.of("-i", "-o", "-e", "--input", "--output", "--error")),
            Map.entry("ionice", Set.of("-c", "-n", "-p", "--class", "--classdata")),
            Map.entry("sudo", Set.of("-u", "-g", "-C", "-h", "-p", "-D", "-U", "-r", "-t", "-T", "--user", "--group",
                    "--chdir", "--host", "--prompt", "--close-from", "--other-user", "--role", "--type", "--command-timeout")),
            Map.entry("doas", Set.of("-u", "-C")));

    /** Wrappers followed by one argument before the command (the duration of {@code timeout}). */
    private static final Set<String> ONE_ARGUMENT = Set.of("timeout");

    /** Shell options that take a value as the next word ({@code bash -o pipefail -c …}). */
    private static final Set<String> SHELL_VALUE_OPTIONS = Set.of("-o", "+o", "-O", "+O", "--rcfile", "--init-file");

    /** Wrappers taken off one command at most. */
    private static final int MAX_WRAPPERS = 8;

    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\+?=.*", Pattern.DOTALL);

    private Words() {}

    /**
     * Where the program of the command whose words start at {@code start} stands, after its
     * assignments and wrappers; -1 when it runs none ({@code X=1} alone, {@code nice} alone,
     * {@code command -v rm}).
     *
     * @param written the words as written (an assignment is recognised only with its name unquoted)
     * @param unquoted the same words as the shell passes them on
     */
    static int command(List<String> written, List<String> unquoted, int start) {
        int at = start;
        while (at < written.size() && ASSIGNMENT.matcher(written.get(at)).matches()) {
            at++;
        }
        for (int n = 0; n < MAX_WRAPPERS && at < unquoted.size(); n++) {
            String name = fileName(unquoted.get(at));
            Set<String> valued = WRAPPERS.get(name);
            if (valued == null) {
                break;
            }
            at++;
            while (at < unquoted.size()) {
                String word = unquoted.get(at);
                if (word.equals("--")) {
                    at++;
                    break;
                }
                if (name.equals("command") && (word.equals("-v") || word.equals("-V"))) {
                    return -1;
                }
                if (word.length() > 1 && word.startsWith("-")) {
                    at += valued.contains(word) ? 2 : 1;
                } else if (name.equals("env") && ASSIGNMENT.matcher(word).matches()) {
                    at++;
                } else {
                    break;
                }
            }
            if (ONE_ARGUMENT.contains(name)) {
                at++;
            }
        }
        return at < unquoted.size() ? at : -1;
    }

    /** The script the command at {@code at} runs: a shell's {@code -c} script, or what {@code eval} is given; else null. */
    static String script(List<String> unquoted, int at) {
        String name = fileName(unquoted.get(at));
        if (name.equals("eval")) {
            return at + 1 < unquoted.size() ? String.join(" ", unquoted.subList(at + 1, unquoted.size())) : null;
        }
        if (!SHELLS.contains(name)) {
            return null;
        }
        boolean takesScript = false;
        for (int i = at + 1; i < unquoted.size(); i++) {
            String word = unquoted.get(i);
            if (word.equals("--") || word.equals("-")) {
                return takesScript && i + 1 < unquoted.size() ? unquoted.get(i + 1) : null;
            }
            if (!word.startsWith("-") && !word.startsWith("+")) {
                return takesScript ? word : null;
            }
            if (SHELL_VALUE_OPTIONS.contains(word)) {
                i++;
            } else {
                takesScript |= !word.startsWith("--") && word.indexOf('c') > 0;
            }
        }
        return null;
    }

    /** The last element of a path ({@code /bin/rm} → {@code rm}); a word without {@code /} as it is. */
    static String fileName(String word) {
        int slash = word.lastIndexOf('/');
        return slash < 0 || slash == word.length() - 1 ? word : word.substring(slash + 1);
    }
}
