package dev.tether.mcp.transport.stdio;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The most telling lines a stdio server wrote to stderr, for the reason shown when it fails: the
 * first line that reads as an error (a stack trace's own line — {@code Error [ERR_…]: …},
 * {@code RuntimeError: …}, {@code panic: …} — not the frames below it) and the last few lines that
 * say something (frames, blank lines and lone brackets left out). A crash's last line alone is often
 * {@code }} or a frame; its first error line says what went wrong. Unmasked: the caller redacts.
 *
 * @param firstError the first error line, or null when no line read as one
 * @param lastLines  up to {@link #LAST_LINES} of the last lines that say something, oldest first
 */
public record StderrExcerpt(String firstError, List<String> lastLines) {
    /** How many of the last lines are kept. */
    public static final int LAST_LINES = 3;
    /** The most characters of one line shown. */
    static final int LINE_CHARS = 200;

    public static final StderrExcerpt EMPTY = new StderrExcerpt(null, List.of());

    /** A word that marks an error in the messages and traces of the usual runtimes (Node, Python, the JVM, Go, Rust). */
    private static final Pattern ERROR = Pattern.compile(
            "(?i)(error|exception)\\b|\\b(fatal|panic|panicked|failed|cannot|unable to|traceback)\\b");
    /** A stack frame: Node's and the JVM's {@code at …}, Python's {@code File "…"}, Go's file:line. */
    private static final Pattern FRAME = Pattern.compile("^\\s*(\\|\\s*)*(at\\s|File \"|\\S+\\.go:\\d+)");
    private static final Pattern SAYS_SOMETHING = Pattern.compile("[\\p{L}\\p{N}]");

    public StderrExcerpt {
        lastLines = List.copyOf(lastLines);
    }

    /** Whether {@code line} reads as the line of an error (a frame never does). */
    static boolean isErrorLine(String line) {
        return ERROR.matcher(line).find() && !FRAME.matcher(line).find();
    }

    /** Whether {@code line} is worth showing among the last lines. */
    static boolean saysSomething(String line) {
        return SAYS_SOMETHING.matcher(line).find() && !FRAME.matcher(line).find();
    }

    /**
     * The excerpt of {@code lines} (oldest first), given the first error line seen (null: none);
     * the last lines are those after the first error line when it is still among them.
     */
    static StderrExcerpt of(String firstError, List<String> lines) {
        List<String> last = new ArrayList<>();
        for (int i = lines.size() - 1; i >= 0 && last.size() < LAST_LINES; i--) {
            if (lines.get(i).equals(firstError)) {
                break;
            }
            String line = lines.get(i).strip();
            if (saysSomething(line)) {
                last.addFirst(cut(line));
            }
        }
        return new StderrExcerpt(firstError == null ? null : cut(firstError.strip()), last);
    }

    public boolean isEmpty() {
        return firstError == null && lastLines.isEmpty();
    }

    /**
     * One line for a failure's reason: the first error line, then the last lines that are not that
     * line, joined by " | "; "" when there is nothing.
     */
    public String summary() {
        List<String> shown = new ArrayList<>();
        if (firstError != null) {
            shown.add(firstError);
        }
        for (String line : lastLines) {
            if (!line.equals(firstError)) {
                shown.add(line);
            }
        }
        if (shown.isEmpty()) {
            return "";
        }
        String head = shown.getFirst();
        List<String> rest = shown.subList(1, shown.size());
        if (firstError == null || rest.isEmpty()) {
            return String.join(" | ", shown);
        }
        return head + " … " + String.join(" | ", rest);
    }

    private static String cut(String line) {
        return line.length() <= LINE_CHARS ? line : line.substring(0, LINE_CHARS) + "…";
    }
}
