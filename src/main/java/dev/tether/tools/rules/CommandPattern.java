package dev.tether.tools.rules;

import java.util.regex.Pattern;

/**
 * The specifier of a {@code run_command} rule, compared with one simple command of a command
 * line ({@link ShellCommand.Part}):
 * <ul>
 *   <li>{@code npm test:*} — a prefix: the command is {@code npm test} or starts with
 *       {@code npm test} and a space (so not {@code npm testing});</li>
 *   <li>{@code git * main} — a wildcard: each {@code *} matches any text, spaces included; a
 *       single {@code *} at the end after a space may match nothing ({@code ls *} covers
 *       {@code ls});</li>
 *   <li>anything else — the exact command.</li>
 * </ul>
 * The pattern's unquoted whitespace is read as the command's is (one space), so
 * {@code git   status} and {@code git status} are one pattern. {@code \*} is a literal star (an
 * "Always allow" of {@code rm *.o} is written {@code rm \*.o}: that command, not every {@code rm}).
 */
public final class CommandPattern {
    /** What kind of pattern it is. */
    public enum Kind { EXACT, PREFIX, WILDCARD }

    private final String written;
    private final Kind kind;
    private final String text;
    private final Pattern wildcard;

    private CommandPattern(String written, Kind kind, String text, Pattern wildcard) {
        this.written = written;
        this.kind = kind;
        this.text = text;
        this.wildcard = wildcard;
    }

    /**
     * Reads a specifier.
     *
     * @throws InvalidRule when it is empty
     */
    public static CommandPattern of(String specifier) throws InvalidRule {
        String written = specifier.strip();
        if (written.isEmpty() || written.equals(":*")) {
            throw new InvalidRule("the command is empty; write run_command alone for every command");
        }
        // A written \* stands for a star the pattern takes literally; it is kept as a placeholder until the end.
        String marked = written.replace("\\*", String.valueOf(LITERAL_STAR));
        if (marked.endsWith(":*")) {
            return new CommandPattern(written, Kind.PREFIX, literal(normal(marked.substring(0, marked.length() - 2))), null);
        }
        String normal = normal(marked);
        if (normal.indexOf('*') < 0) {
            return new CommandPattern(written, Kind.EXACT, literal(normal), null);
        }
        return new CommandPattern(written, Kind.WILDCARD, normal, compile(normal));
    }

    /** A private-use character no command holds: a star to be taken literally. */
    private static final char LITERAL_STAR = '\uE000';

    private static String literal(String text) {
        return text.replace(LITERAL_STAR, '*');
    }

    private static Pattern compile(String normal) {
        boolean optionalTail = normal.endsWith(" *") && normal.indexOf('*') == normal.length() - 1;
        String body = optionalTail ? normal.substring(0, normal.length() - 2) : normal;
        StringBuilder regex = new StringBuilder();
        int from = 0;
        for (int star = body.indexOf('*'); star >= 0; star = body.indexOf('*', from)) {
            regex.append(Pattern.quote(literal(body.substring(from, star)))).append(".*");
            from = star + 1;
        }
        regex.append(Pattern.quote(literal(body.substring(from))));
        if (optionalTail) {
            regex.append("(?: .*)?");
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    /** The text with its unquoted whitespace read as a command's is. */
    private static String normal(String command) {
        ShellCommand parsed = ShellCommand.parse(command);
        return parsed.parts().size() == 1 ? parsed.parts().getFirst().text() : command.strip().replaceAll("\\s+", " ");
    }

    public Kind kind() {
        return kind;
    }

    /**
     * Whether {@code part} (one simple command) is covered as written: what an allow rule needs,
     * so that quotes can never make one command look like another.
     */
    public boolean coversAsWritten(ShellCommand.Part part) {
        return matches(part.text());
    }

    /**
     * Whether {@code part} is covered as written, as the shell would run it (quotes and
     * backslashes taken off), or so with its program named by file name: what a deny or ask rule
     * looks for, so that {@code r\m -rf} and {@code /bin/rm -rf} are still {@code rm -rf}.
     */
    public boolean coversEitherWay(ShellCommand.Part part) {
        if (matches(part.text()) || matches(part.bare())) {
            return true;
        }
        String bare = part.bare();
        int space = bare.indexOf(' ');
        String program = space < 0 ? bare : bare.substring(0, space);
        String name = Words.fileName(program);
        return !name.equals(program) && matches(name + bare.substring(program.length()));
    }

    /** Whether the whole command line, as written, is this exact command. */
    public boolean isWhole(ShellCommand command) {
        return kind == Kind.EXACT && (text.equals(command.whole()) || text.equals(normal(command.whole())));
    }

    private boolean matches(String command) {
        return switch (kind) {
            case EXACT -> text.equals(command);
            case PREFIX -> command.equals(text) || command.startsWith(text + " ");
            case WILDCARD -> wildcard.matcher(command).matches();
        };
    }

    @Override
    public String toString() {
        return written;
    }
}
