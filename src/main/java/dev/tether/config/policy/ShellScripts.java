package dev.tether.config.policy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The script of a shell's {@code -c} option, split into words, for deny rules: a denied command
 * should not run just because {@code sh -c "exec python3 /x/echo.py"} wraps it. The split is a
 * best effort, not a shell: words end at blanks and at {@code ; & | ( ) < >} and backquotes,
 * quotes are removed, a backslash keeps the next character. Variables, functions, aliases and
 * anything the script builds at run time are out of its reach (see the known limits in
 * {@code docs/reference/security.md}).
 */
final class ShellScripts {
    /** Programs whose {@code -c} takes a script. */
    static final Set<String> SHELLS = Set.of("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "fish");
    /** Words of one script at most; a longer script is split up to here. */
    static final int MAX_WORDS = 4096;

    private ShellScripts() {}

    /** The script that {@code words} (a shell and its arguments) runs, or null when it runs none with {@code -c}. */
    static String script(List<String> words, Path program) {
        if (words.isEmpty() || !(SHELLS.contains(ServerCommand.fileName(words.getFirst()))
                || program != null && SHELLS.contains(ServerCommand.fileName(program.toString())))) {
            return null;
        }
        boolean command = false;
        for (String word : words.subList(1, words.size())) {
            if (word.equals("--") || !word.startsWith("-") && !word.startsWith("+")) {
                return command && !word.equals("--") ? word : null;
            }
            command |= !word.startsWith("--") && word.indexOf('c') > 0;
        }
        return null;
    }

    /** The script's words. */
    static List<String> words(String script) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < script.length() && words.size() < MAX_WORDS; i++) {
            char c = script.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < script.length()) {
                    word.append(script.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '\\' && i + 1 < script.length()) {
                word.append(script.charAt(++i));
            } else if (Character.isWhitespace(c) || ";&|()<>`".indexOf(c) >= 0) {
                end(words, word);
            } else {
                word.append(c);
            }
        }
        end(words, word);
        return words;
    }

    private static void end(List<String> words, StringBuilder word) {
        if (!word.isEmpty()) {
            words.add(word.toString());
            word.setLength(0);
        }
    }
}
