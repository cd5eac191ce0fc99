package dev.tether.base;

import java.util.regex.Pattern;

/**
 * Tether's one glob syntax, for tool names and for workspace paths. A glob matches the whole
 * subject, never a part of it.
 *
 * <ul>
 *   <li>{@code ?} matches one character and {@code *} any run of characters; in a
 *       {@linkplain #path path glob} neither crosses a {@code /}, in a {@linkplain #name name
 *       glob} (names have no separator) both match any character.</li>
 *   <li>Path globs only: {@code **} matches any run of characters across directories, and
 *       {@code **}{@code /} also matches no directory at all, so {@code **}{@code /.git} protects the
 *       top-level {@code .git} too (as in {@code .gitignore} and ripgrep); {@code [abc]}, {@code [a-z]}
 *       and {@code [!abc]} match one character (never {@code /}) of a class; {@code {a,b}} matches
 *       either alternative (no nesting); {@code \} takes the next character literally.</li>
 *   <li>Every other character is literal.</li>
 * </ul>
 * A malformed path glob (an unclosed {@code [} or {@code {}, a nested {@code {}, a trailing
 * {@code \}) is refused with {@link IllegalArgumentException}.
 */
public final class Glob {
    private final String glob;
    private final Pattern pattern;

    private Glob(String glob, Pattern pattern) {
        this.glob = glob;
        this.pattern = pattern;
    }

    /** A glob over a flat name (a tool name): only {@code *} and {@code ?} are special. */
    public static Glob name(String glob) {
        StringBuilder regex = new StringBuilder();
        glob.codePoints().forEach(c -> regex.append(switch (c) {
            case '*' -> ".*";
            case '?' -> ".";
            default -> Pattern.quote(Character.toString(c));
        }));
        return new Glob(glob, Pattern.compile(regex.toString(), Pattern.DOTALL));
    }

    /** A glob over a {@code /}-separated relative path. */
    public static Glob path(String glob) {
        return new Glob(glob, Pattern.compile(pathRegex(glob), Pattern.DOTALL));
    }

    /** A path glob that ignores letter case (Unicode-aware), for file systems that may. */
    public static Glob pathIgnoringCase(String glob) {
        return new Glob(glob, Pattern.compile(pathRegex(glob), Pattern.DOTALL | Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE));
    }

    /** Whether the glob matches all of {@code subject}. */
    public boolean matches(String subject) {
        return pattern.matcher(subject).matches();
    }

    /** The glob as written. */
    @Override
    public String toString() {
        return glob;
    }

    private static String pathRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        boolean inGroup = false;
        int i = 0;
        while (i < glob.length()) {
            char c = glob.charAt(i++);
            switch (c) {
                case '\\' -> {
                    if (i == glob.length()) {
                        throw new IllegalArgumentException("nothing to escape at the end of glob " + glob);
                    }
                    regex.append(Pattern.quote(String.valueOf(glob.charAt(i++))));
                }
                case '*' -> {
                    if (i < glob.length() && glob.charAt(i) == '*') {
                        i++;
                        boolean slash = i < glob.length() && glob.charAt(i) == '/';
                        if (slash) {
                            i++;
                        }
                        regex.append(slash ? "(?:.*/)?" : ".*");
                    } else {
                        regex.append("[^/]*");
                    }
                }
                case '?' -> regex.append("[^/]");
                case '[' -> i = charClass(glob, i, regex);
                case '{' -> {
                    if (inGroup) {
                        throw new IllegalArgumentException("groups cannot nest in glob " + glob);
                    }
                    inGroup = true;
                    regex.append("(?:(?:");
                }
                case ',' -> regex.append(inGroup ? ")|(?:" : ",");
                case '}' -> {
                    if (inGroup) {
                        inGroup = false;
                        regex.append("))");
                    } else {
                        regex.append("\\}");
                    }
                }
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        if (inGroup) {
            throw new IllegalArgumentException("missing '}' in glob " + glob);
        }
        return regex.toString();
    }

    /** Appends the class that starts after the {@code [} at {@code start - 1}; returns the index after its {@code ]}. */
    private static int charClass(String glob, int start, StringBuilder regex) {
        int i = start;
        StringBuilder members = new StringBuilder();
        boolean negated = i < glob.length() && glob.charAt(i) == '!';
        if (negated) {
            i++;
        }
        boolean first = true;
        while (i < glob.length() && (glob.charAt(i) != ']' || first)) {
            char c = glob.charAt(i++);
            first = false;
            if (c == '-' && members.length() > 0 && i < glob.length() && glob.charAt(i) != ']') {
                members.append('-');
            } else {
                members.append(c == '\\' || c == '[' || c == ']' || c == '^' || c == '&' || c == '-'
                        ? "\\" + c : String.valueOf(c));
            }
        }
        if (i == glob.length()) {
            throw new IllegalArgumentException("missing ']' in glob " + glob);
        }
        // A class never matches the separator, negated or not.
        regex.append(negated ? "[^/" + members + "]" : "[" + members + "&&[^/]]");
        return i + 1;
    }
}
