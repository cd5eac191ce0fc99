package dev.tether.base.git;

import java.io.IOException;
import java.io.Reader;
import java.util.function.Consumer;

/**
 * A streaming reader of git's configuration syntax, as {@code git config} reads a file: sections
 * ({@code [core]}), subsections ({@code [remote "origin"]}, case-sensitive, with {@code \"} and
 * {@code \\} escapes; the legacy {@code [remote.origin]}, lower-cased like its section), entries
 * after a header on the same line, section and key names compared without case, values with
 * quotes, the escapes {@code \n \t \b \" \\}, a {@code \} at the end of a line joining the next,
 * comments from {@code #} or {@code ;} outside quotes, and a key without {@code =} (a boolean
 * true, reported with a null value). A leading byte-order mark is skipped; {@code \r\n} ends a line.
 *
 * <p>Git refuses to run on a file with a malformed line; this reader skips such a line and goes
 * on, so it reads at least every entry git would. It never holds more than one entry: names and
 * values past {@link #MAX_FIELD_CHARS} are cut (and the entry marked), whatever the input.
 */
final class GitConfigParser {
    /** Longer than any path the operating system opens, so only hostile input is ever cut. */
    static final int MAX_FIELD_CHARS = 64 * 1024;

    /**
     * One {@code name = value} of the file.
     *
     * @param name  the full variable name, {@code section[.subsection].key}: section and key
     *              lower-cased, a quoted subsection as written
     * @param value the value after quotes and escapes are undone, or null for a key written
     *              without {@code =}
     * @param cut   the value was longer than {@link #MAX_FIELD_CHARS} and is only its beginning
     */
    record Entry(String name, String value, boolean cut) {
        /** The section, lower-cased. */
        String section() {
            return name.substring(0, name.indexOf('.'));
        }

        /** The subsection, or null. */
        String subsection() {
            int first = name.indexOf('.');
            int last = name.lastIndexOf('.');
            return first == last ? null : name.substring(first + 1, last);
        }

        /** The key, lower-cased. */
        String key() {
            return name.substring(name.lastIndexOf('.') + 1);
        }
    }

    private static final int NONE = -2;

    private final Reader in;
    private final Consumer<Entry> sink;
    private int pushedBack = NONE;
    private int last = NONE;
    private boolean eof;
    /** {@code section[.subsection]} of the header in force, or null before the first one. */
    private String stem;

    private GitConfigParser(Reader in, Consumer<Entry> sink) {
        this.in = in;
        this.sink = sink;
    }

    /** Reads {@code in} to its end, handing each entry to {@code sink} in order. */
    static void parse(Reader in, Consumer<Entry> sink) throws IOException {
        new GitConfigParser(in, sink).run();
    }

    private void run() throws IOException {
        int c = next();
        if (c != '\uFEFF') {
            pushBack(c);
        }
        while (true) {
            c = next();
            if (c == '\n') {
                if (eof) {
                    return;
                }
            } else if (isSpace(c)) {
                continue;
            } else if (c == '#' || c == ';') {
                skipLine();
            } else if (c == '[') {
                if (!header()) {
                    skipLine();
                }
            } else if (isAsciiLetter(c)) {
                entry(c);
            } else {
                skipLine();
            }
        }
    }

    /** After {@code [}: the section header, up to its {@code ]}; false when it is malformed. */
    private boolean header() throws IOException {
        StringBuilder name = new StringBuilder();
        while (true) {
            int c = next();
            if (eof || c == '\n') {
                return false;
            }
            if (c == ']') {
                // The legacy [section.subsection] is lower-cased whole, as git does.
                return setStem(name.toString());
            }
            if (isSpace(c)) {
                return quotedSubsection(name);
            }
            if (!isKeyChar(c) && c != '.') {
                return false;
            }
            if (name.length() >= MAX_FIELD_CHARS) {
                return false;
            }
            name.append(lower(c));
        }
    }

    /** After {@code [section }: {@code "subsection"]}, case and all. */
    private boolean quotedSubsection(StringBuilder name) throws IOException {
        int c = next();
        while (isSpace(c)) {
            if (c == '\n') {
                return false;
            }
            c = next();
        }
        if (c != '"') {
            return false;
        }
        name.append('.');
        int start = name.length();
        while (true) {
            c = next();
            if (c == '\n') {
                return false;
            }
            if (c == '"') {
                break;
            }
            if (c == '\\') {
                c = next();
                if (c == '\n') {
                    return false;
                }
            }
            if (name.length() - start >= MAX_FIELD_CHARS) {
                return false;
            }
            name.appendCodePoint(c);
        }
        return next() == ']' && setStem(name.toString());
    }

    private boolean setStem(String name) {
        if (name.isEmpty() || name.startsWith(".")) {
            return false;
        }
        stem = name;
        return true;
    }

    /** A key starting with {@code first}, and its value if it has one. */
    private void entry(int first) throws IOException {
        StringBuilder key = new StringBuilder().append(lower(first));
        int c;
        while (true) {
            c = next();
            if (eof || !isKeyChar(c)) {
                break;
            }
            if (key.length() >= MAX_FIELD_CHARS) {
                skipLine();
                return;
            }
            key.append(lower(c));
        }
        while (c == ' ' || c == '\t') {
            c = next();
        }
        String value = null;
        boolean cut = false;
        if (c != '\n') {
            if (c != '=') {
                skipLine();
                return;
            }
            StringBuilder text = new StringBuilder();
            ValueRead read = value(text);
            if (read == ValueRead.MALFORMED) {
                skipLine();
                return;
            }
            value = text.toString();
            cut = read == ValueRead.CUT;
        }
        if (stem != null) {
            sink.accept(new Entry(stem + "." + key, value, cut));
        }
    }

    private enum ValueRead { WHOLE, CUT, MALFORMED }

    /**
     * After {@code =}: the value, up to the end of its (joined) line, into {@code out}; malformed
     * when a quote is still open at the end of the line or an escape is unknown.
     */
    private ValueRead value(StringBuilder out) throws IOException {
        boolean quoted = false;
        boolean comment = false;
        boolean fits = true;
        int trimTo = -1;
        while (true) {
            int c = next();
            if (c == '\n') {
                if (quoted) {
                    return ValueRead.MALFORMED;
                }
                if (trimTo >= 0) {
                    out.setLength(trimTo);
                }
                return fits ? ValueRead.WHOLE : ValueRead.CUT;
            }
            if (comment) {
                continue;
            }
            if (isSpace(c) && !quoted) {
                if (trimTo < 0) {
                    trimTo = out.length();
                }
                if (!out.isEmpty()) {
                    fits &= append(out, c);
                }
                continue;
            }
            if (!quoted && (c == '#' || c == ';')) {
                comment = true;
                continue;
            }
            trimTo = -1;
            if (c == '\\') {
                c = switch (next()) {
                    case '\n' -> NONE;
                    case 't' -> '\t';
                    case 'b' -> '\b';
                    case 'n' -> '\n';
                    case '\\' -> '\\';
                    case '"' -> '"';
                    default -> -1;
                };
                if (c == -1) {
                    return ValueRead.MALFORMED;
                }
                if (c != NONE) {
                    fits &= append(out, c);
                }
                continue;
            }
            if (c == '"') {
                quoted = !quoted;
                continue;
            }
            fits &= append(out, c);
        }
    }

    private static boolean append(StringBuilder out, int c) {
        if (out.length() >= MAX_FIELD_CHARS) {
            return false;
        }
        out.appendCodePoint(c);
        return true;
    }

    /** Skips to the end of the current line (nothing, when the last character read ended one). */
    private void skipLine() throws IOException {
        while (last != '\n') {
            next();
        }
    }

    /** The next character: {@code \r\n} reads as {@code \n}, and the end of input as a last {@code \n}. */
    private int next() throws IOException {
        int c;
        if (pushedBack != NONE) {
            c = pushedBack;
            pushedBack = NONE;
        } else if (eof) {
            c = '\n';
        } else {
            c = in.read();
            if (c == -1) {
                eof = true;
                c = '\n';
            } else if (c == '\r') {
                int after = in.read();
                if (after == '\n') {
                    c = '\n';
                } else if (after == -1) {
                    eof = true;
                    pushedBack = '\n';
                } else {
                    pushedBack = after;
                }
            }
        }
        last = c;
        return c;
    }

    private void pushBack(int c) {
        pushedBack = c;
        last = NONE;
    }

    /** Git's own isspace: space, tab, CR and LF only. */
    private static boolean isSpace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isAsciiLetter(int c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isKeyChar(int c) {
        return isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '-';
    }

    /** Lower case of an ASCII letter, digit or punctuation character. */
    private static char lower(int c) {
        return (char) (c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
    }
}
