package dev.tether.tools.rules;

import java.util.ArrayList;
import java.util.List;

/**
 * A shell command line cut into the simple commands it runs, the way {@code /bin/sh} would see
 * them: split at {@code ;}, {@code &&}, {@code ||}, {@code |}, {@code &}, newlines and
 * parentheses, with every command substitution ({@code $(…)}, backticks, {@code <(…)},
 * {@code >(…)}, also inside a parameter expansion <code>${x:-…}</code>) cut out as commands of
 * its own. Quotes and backslashes are honoured, so an operator inside quotes is text. Each part
 * keeps its text with unquoted whitespace runs made one space ({@link Part#text()}), and the same
 * text with quotes and backslashes taken off ({@link Part#bare()}), which is what the shell would
 * run. Reserved words before a command (<code>{</code>, {@code !}, {@code then}, {@code do}) are
 * not part of it; when assignments or wrappers ({@code X=1}, {@code nice}, {@code env},
 * {@code timeout 5}, …) stand before it, the command they run is one more part, and the script of
 * {@code sh -c} or {@code eval} is read for more parts (see {@code Words}). Parts only ever add
 * commands: an allow rule must cover each of them.
 *
 * <p>A redirection to or from a file (anything but a file descriptor or {@code /dev/null}), a
 * here-document, or text the scanner cannot follow (an unclosed quote or substitution) makes the
 * command {@linkplain #opaque() opaque}: no allow rule may cover it part by part, since some of
 * what it does is not a command a rule names. This is a careful reading, not a shell: anything it
 * cannot read makes the command ask.
 */
public record ShellCommand(String whole, List<Part> parts, boolean opaque) {
    public ShellCommand {
        parts = List.copyOf(parts);
    }

    /** One simple command: {@code text} as written (whitespace runs made one space), {@code bare} unquoted. */
    public record Part(String text, String bare) {}

    /** Deepest nesting of substitutions read; deeper text is opaque. */
    static final int MAX_DEPTH = 8;

    /** Reads {@code command}. */
    public static ShellCommand parse(String command) {
        String whole = command == null ? "" : command.strip();
        Scanner scanner = new Scanner(whole, 0);
        scanner.run();
        return new ShellCommand(whole, scanner.parts, scanner.opaque);
    }

    /** Whether the command is one simple command with nothing opaque in it. */
    public boolean simple() {
        return parts.size() == 1 && !opaque;
    }

    /** Reads one command list, collecting its parts and those of every substitution inside it. */
    private static final class Scanner {
        private final String in;
        private final int depth;
        private final List<Part> parts = new ArrayList<>();
        private final StringBuilder text = new StringBuilder();
        private final StringBuilder bare = new StringBuilder();
        /** Where each word of the current command ends: its end in {@code text} and in {@code bare}. */
        private final List<int[]> cuts = new ArrayList<>();
        private boolean opaque;
        private int i;

        Scanner(String in, int depth) {
            this.in = in;
            this.depth = depth;
        }

        void run() {
            if (depth > MAX_DEPTH) {
                opaque = true;
                return;
            }
            while (i < in.length()) {
                char c = in.charAt(i);
                switch (c) {
                    case '\'' -> singleQuoted();
                    case '"' -> doubleQuoted();
                    case '\\' -> escaped();
                    case '`' -> backticks(text);
                    case '$' -> dollar();
                    case ';', '\n', '(', ')' -> {
                        i++;
                        end();
                    }
                    case '&' -> {
                        if (at("&>")) {
                            redirection(2);
                        } else {
                            i += at("&&") ? 2 : 1;
                            end();
                        }
                    }
                    case '|' -> {
                        i += at("||") || at("|&") ? 2 : 1;
                        end();
                    }
                    case '<', '>' -> {
                        if (at("<(") || at(">(")) {
                            i++;
                            substitution(text, ')');
                        } else {
                            redirection(0);
                        }
                    }
                    case '#' -> {
                        if (wordStart()) {
                            while (i < in.length() && in.charAt(i) != '\n') {
                                i++;
                            }
                        } else {
                            append(c);
                            i++;
                        }
                    }
                    default -> {
                        if (Character.isWhitespace(c)) {
                            space();
                        } else if (Character.isDigit(c) && redirectionAfterDigits()) {
                            // 2>file, 2>&1: the digits name the descriptor; handled with the operator.
                        } else {
                            append(c);
                        }
                        i++;
                    }
                }
            }
            end();
        }

        private boolean at(String s) {
            return in.startsWith(s, i);
        }

        /** Whether the next character starts a word (for {@code #} comments). */
        private boolean wordStart() {
            return text.isEmpty() || text.charAt(text.length() - 1) == ' ';
        }

        private void append(char c) {
            text.append(c);
            bare.append(c);
        }

        private void space() {
            int wordStart = cuts.isEmpty() ? 0 : cuts.getLast()[0] + 1;
            if (text.length() > wordStart) {
                cuts.add(new int[] {text.length(), bare.length()});
                text.append(' ');
                bare.append(' ');
            }
        }

        /**
         * Ends the current command: the words after any leading reserved words ({@code then rm x}
         * runs {@code rm x}) are a part; when assignments or wrappers stand before the command
         * ({@code X=1 nice rm x}), the command they run is a part too; and the script of
         * {@code sh -c} or {@code eval} is read as a command list of its own.
         */
        private void end() {
            int count = cuts.size() + (text.length() > (cuts.isEmpty() ? 0 : cuts.getLast()[0] + 1) ? 1 : 0);
            List<String> written = words(text, 0, count);
            List<String> unquoted = words(bare, 1, count);
            text.setLength(0);
            bare.setLength(0);
            cuts.clear();
            int start = 0;
            while (start < written.size() && Words.RESERVED.contains(written.get(start))) {
                start++;
            }
            if (start == written.size()) {
                return;
            }
            parts.add(part(written, unquoted, start));
            int command = Words.command(written, unquoted, start);
            if (command < 0) {
                return;
            }
            if (command > start) {
                parts.add(part(written, unquoted, command));
            }
            String script = Words.script(unquoted, command);
            if (script != null) {
                nested(script);
            }
        }

        private static Part part(List<String> written, List<String> unquoted, int from) {
            return new Part(String.join(" ", written.subList(from, written.size())),
                    String.join(" ", unquoted.subList(from, unquoted.size())));
        }

        /** The first {@code count} words of {@code sb}, cut where column {@code side} of the cuts says. */
        private List<String> words(StringBuilder sb, int side, int count) {
            List<String> out = new ArrayList<>();
            int from = 0;
            for (int[] cut : cuts) {
                out.add(sb.substring(from, cut[side]));
                from = cut[side] + 1;
            }
            if (out.size() < count) {
                out.add(sb.substring(Math.min(from, sb.length())).strip());
            }
            return out;
        }

        private void singleQuoted() {
            int close = in.indexOf('\'', i + 1);
            if (close < 0) {
                opaque = true;
                append('\'');
                bare.append(in, i + 1, in.length());
                text.append(in, i + 1, in.length());
                i = in.length();
                return;
            }
            text.append(in, i, close + 1);
            bare.append(in, i + 1, close);
            i = close + 1;
        }

        private void doubleQuoted() {
            text.append('"');
            i++;
            while (i < in.length()) {
                char c = in.charAt(i);
                if (c == '"') {
                    text.append('"');
                    i++;
                    return;
                }
                if (c == '\\' && i + 1 < in.length()) {
                    char next = in.charAt(i + 1);
                    text.append(c).append(next);
                    bare.append("$`\"\\\n".indexOf(next) >= 0 ? String.valueOf(next) : "\\" + next);
                    i += 2;
                } else if (c == '`') {
                    backticks(text);
                } else if (c == '$' && i + 1 < in.length() && in.charAt(i + 1) == '(') {
                    i++;
                    substitution(text, ')');
                } else if (at("${")) {
                    braced(true);
                } else {
                    text.append(c);
                    bare.append(c);
                    i++;
                }
            }
            opaque = true;
        }

        private void escaped() {
            if (i + 1 >= in.length()) {
                append('\\');
                i++;
                return;
            }
            char next = in.charAt(i + 1);
            if (next == '\n') {
                // A line continuation joins the lines.
                i += 2;
                return;
            }
            text.append('\\').append(next);
            bare.append(next);
            i += 2;
        }

        private void dollar() {
            if (at("$(")) {
                i++;
                substitution(text, ')');
            } else if (at("${")) {
                braced(false);
            } else if (at("$'")) {
                int end = AnsiCQuoting.decode(in, i + 2, bare);
                if (end < 0) {
                    opaque = true;
                    end = in.length();
                }
                text.append(in, i, end);
                i = end;
            } else {
                append('$');
                i++;
            }
        }

        /**
         * At <code>${</code>: a parameter expansion up to its matching <code>}</code>. Its word
         * (<code>${x:-word}</code>, <code>${x:=word}</code>, …) is expanded by the shell, so it is
         * read like quoted text: every substitution in it ({@code $(…)}, backticks, a nested
         * <code>${…}</code>) is a command of its own. Single quotes quote only outside double quotes.
         */
        private void braced(boolean inDoubleQuotes) {
            text.append("${");
            bare.append("${");
            i += 2;
            while (i < in.length()) {
                char c = in.charAt(i);
                switch (c) {
                    case '}' -> {
                        append(c);
                        i++;
                        return;
                    }
                    case '\\' -> escaped();
                    case '"' -> doubleQuoted();
                    case '`' -> backticks(text);
                    case '$' -> dollar();
                    case '<', '>' -> {
                        // Bash runs a process substitution in an unquoted ${…}'s word; read as one in quotes too, which only adds a part.
                        if (at("<(") || at(">(")) {
                            i++;
                            substitution(text, ')');
                        } else {
                            append(c);
                            i++;
                        }
                    }
                    case '\'' -> {
                        if (inDoubleQuotes) {
                            append(c);
                            i++;
                        } else {
                            singleQuoted();
                        }
                    }
                    default -> {
                        append(c);
                        i++;
                    }
                }
            }
            opaque = true;
        }

        /** {@code `…`}: the text up to the next unescaped backtick is a command list of its own. */
        private void backticks(StringBuilder into) {
            int start = i + 1;
            int j = start;
            StringBuilder inner = new StringBuilder();
            while (j < in.length() && in.charAt(j) != '`') {
                if (in.charAt(j) == '\\' && j + 1 < in.length()) {
                    inner.append(in.charAt(j + 1));
                    j += 2;
                } else {
                    inner.append(in.charAt(j++));
                }
            }
            if (j >= in.length()) {
                opaque = true;
            }
            nested(inner.toString());
            into.append(in, i, Math.min(in.length(), j + 1));
            bare.append(in, i, Math.min(in.length(), j + 1));
            i = Math.min(in.length(), j + 1);
        }

        /**
         * At the {@code (} of {@code $(}, {@code <(} or {@code >(}: the text up to its matching
         * {@code )}, read with quotes in mind, is a command list of its own.
         */
        private void substitution(StringBuilder into, char close) {
            int open = i;
            int nesting = 0;
            int j = i;
            char quote = 0;
            for (; j < in.length(); j++) {
                char c = in.charAt(j);
                if (quote != 0) {
                    if (c == '\\' && quote == '"') {
                        j++;
                    } else if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '\\') {
                    j++;
                } else if (c == '\'' || c == '"') {
                    quote = c;
                } else if (c == '(') {
                    nesting++;
                } else if (c == close) {
                    nesting--;
                    if (nesting == 0) {
                        break;
                    }
                }
            }
            int end = Math.min(j, in.length());
            if (j >= in.length()) {
                opaque = true;
            }
            nested(in.substring(open + 1, end));
            String written = in.substring(open - 1, Math.min(in.length(), end + 1));
            into.append(written);
            bare.append(written);
            i = Math.min(in.length(), end + 1);
        }

        private void nested(String inner) {
            Scanner scanner = new Scanner(inner, depth + 1);
            scanner.run();
            parts.addAll(scanner.parts);
            opaque |= scanner.opaque;
        }

        /** Whether the digits at {@code i} are a descriptor number right before a redirection ({@code 2>}). */
        private boolean redirectionAfterDigits() {
            if (!wordStart()) {
                return false;
            }
            int j = i;
            while (j < in.length() && Character.isDigit(in.charAt(j))) {
                j++;
            }
            if (j < in.length() && (in.charAt(j) == '>' || in.charAt(j) == '<')) {
                i = j - 1;
                return true;
            }
            return false;
        }

        /**
         * A redirection at {@code i} (after {@code skip} characters of {@code &>}): a descriptor
         * duplication ({@code >&2}, {@code 2>&1}, {@code <&-}) or {@code /dev/null} is harmless and
         * left out of the part; a file, a here-document or a here-string makes the command opaque
         * (the target is read on as text, so a substitution in it is still a part).
         */
        private void redirection(int skip) {
            i += skip;
            if (at("<<")) {
                opaque = true;
                i += 2;
                while (i < in.length() && (in.charAt(i) == '<' || in.charAt(i) == '-')) {
                    i++;
                }
                return;
            }
            while (i < in.length() && "<>|".indexOf(in.charAt(i)) >= 0) {
                i++;
            }
            if (i < in.length() && in.charAt(i) == '&') {
                int j = i + 1;
                while (j < in.length() && (Character.isDigit(in.charAt(j)) || in.charAt(j) == '-')) {
                    j++;
                }
                if (j > i + 1) {
                    i = j;
                    return;
                }
                i++;
            }
            while (i < in.length() && (in.charAt(i) == ' ' || in.charAt(i) == '\t')) {
                i++;
            }
            String devNull = "/dev/null";
            int after = i + devNull.length();
            if (at(devNull) && (after == in.length() || Character.isWhitespace(in.charAt(after)) || ";&|()".indexOf(in.charAt(after)) >= 0)) {
                i = after;
                return;
            }
            opaque = true;
        }
    }
}
