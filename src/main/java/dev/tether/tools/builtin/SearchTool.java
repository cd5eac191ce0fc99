package dev.tether.tools.builtin;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.security.SecretCuts;
import dev.tether.tools.Location;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.rules.Subject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import tools.jackson.databind.JsonNode;

/**
 * {@code search {pattern, path?, glob?}}: a Java regular expression over the text files of
 * the workspace, one {@code path:line: text} result per matching line. Reads the disk, not
 * unsaved editor buffers. Only regular files are read (a FIFO would block, a device never
 * ends); a search ends at its time limit or on cancellation even inside a runaway match, and a
 * pattern that recurses too deeply is a clear error, never a crashed turn.
 *
 * <p>A file's text is masked ({@link SecretCuts}) before the pattern sees it: a line holding a
 * known secret is searched as the model would read it, so a match can neither answer whether a
 * secret goes on with a guessed character nor place its window so that the secret is cut in two.
 */
public final class SearchTool implements Tool {
    public static final String NAME = "search";
    public static final int MAX_MATCHES = 200;
    public static final int MAX_LINE_CHARS = 300;
    /** Larger files are skipped: they are generated or data, and slow to scan. */
    public static final long MAX_FILE_BYTES = 4L * 1024 * 1024;
    /** Only this much of a longer line is matched: long lines make backtracking and recursion explode. */
    public static final int MAX_MATCH_LINE_CHARS = 10_000;
    /** Named default: how long one search may run before it stops with what it found. */
    public static final Duration DEFAULT_TIME_LIMIT = Duration.ofSeconds(30);
    private static final int BINARY_PROBE_BYTES = 8192;

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "Search file contents with a Java regular expression. Returns path:line: text for each matching line "
                    + "(at most " + MAX_MATCHES + "). Skips binary files, .git, node_modules and target.",
            Json.parse("""
                    {"type":"object","properties":{
                      "pattern":{"type":"string","description":"Java regular expression, e.g. class\\\\s+Main"},
                      "path":{"type":"string","description":"File or directory to search (default: workspace root)"},
                      "glob":{"type":"string","description":"Only files matching this glob, e.g. *.java or src/**/*.ts"}},
                     "required":["pattern"],"additionalProperties":false}"""));

    private final Duration timeLimit;
    private final SecretCuts cuts;

    public SearchTool() {
        this(DEFAULT_TIME_LIMIT);
    }

    /** @param timeLimit how long one search may run (a settings override, or short in tests) */
    public SearchTool(Duration timeLimit) {
        this(timeLimit, SecretCuts.none());
    }

    /** @param cuts masks the known secrets in each file before it is searched */
    public SearchTool(Duration timeLimit, SecretCuts cuts) {
        this.timeLimit = timeLimit;
        this.cuts = cuts;
    }

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolTraits traits() {
        return ToolTraits.builtin(ToolKind.SEARCH, ToolTraits.Category.READ);
    }

    @Override
    public Subject subject(JsonNode input, ToolContext context) {
        return Subjects.path(NAME, input, context, "path", ".");
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        try {
            Input in = Input.of(NAME, input);
            String pattern = in.requiredString("pattern");
            Path root = in.path(context.workspace(), "path", ".");
            String glob = in.optionalString("glob");
            String title = "Search `" + Display.snippet(pattern, 60) + "` in " + Display.titlePath(context.workspace(), root)
                    + (glob == null ? "" : " (" + Display.snippet(glob, 60) + ")");
            return new ToolCallView(title, ToolKind.SEARCH, List.of(new Location(root.toString(), null)), List.of());
        } catch (ToolError.TellModel e) {
            return ToolCallView.of("Search", ToolKind.SEARCH);
        }
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        Input in = Input.of(NAME, input);
        String patternText = in.requiredString("pattern");
        Path root = in.path(context.workspace(), "path", ".");
        String glob = in.optionalString("glob");
        Pattern pattern;
        try {
            pattern = Pattern.compile(patternText);
        } catch (PatternSyntaxException e) {
            throw in.failure("invalid regular expression: " + e.getDescription() + " near index " + e.getIndex());
        } catch (StackOverflowError e) {
            throw in.failure("the regular expression is nested too deeply to compile; simplify it");
        }
        Predicate<String> filter = glob == null || glob.isEmpty() ? p -> true : globFilter(glob, in);
        String where = Display.path(context.workspace(), root);
        if (!Files.exists(root, LinkOption.NOFOLLOW_LINKS)) {
            throw in.failure("not found: " + where);
        }
        boolean directory = Files.isDirectory(root, LinkOption.NOFOLLOW_LINKS);
        if (!directory) {
            try {
                FileAccess.inspect(context, root);
            } catch (ToolError.TellModel e) {
                throw in.failure(e.getMessage());
            }
        }
        SearchBudget budget = new SearchBudget(timeLimit, context.cancellation());
        List<String> results = new ArrayList<>();
        boolean more = false;
        try {
            more = search(root, directory, filter, pattern, context, budget, results);
        } catch (SearchBudget.Expired e) {
            String stopped = "Stopped after " + (timeLimit.toMillis() % 1000 == 0 ? timeLimit.toSeconds() + " s" : timeLimit.toMillis() + " ms")
                    + " without finishing";
            if (results.isEmpty()) {
                throw in.failure(stopped + ": the pattern may backtrack catastrophically (nested quantifiers such as (a+)+); "
                        + "simplify it, or narrow the path or glob.");
            }
            return ToolOutcome.text(String.join("\n", results) + "\n[" + stopped + "; the results are incomplete.]");
        } catch (Recursion e) {
            throw in.failure("the regular expression recursed too deeply on " + e.getMessage()
                    + "; simplify it (avoid repeating alternations such as (a|b)*, use possessive quantifiers)");
        } catch (IOException e) {
            throw in.failure("could not search " + where + ": " + FileAccess.reason(e));
        }
        if (results.isEmpty()) {
            return ToolOutcome.text("No matches for " + patternText + " in " + where + ".");
        }
        StringBuilder text = new StringBuilder(String.join("\n", results));
        if (more) {
            text.append("\n[Stopped after ").append(MAX_MATCHES).append(" matches. Narrow the pattern, path or glob.]");
        }
        return ToolOutcome.text(text.toString());
    }

    /** Returns whether the result limit was reached. */
    private boolean search(Path root, boolean directory, Predicate<String> filter, Pattern pattern, ToolContext context,
                                  SearchBudget budget, List<String> results) throws IOException, Recursion {
        if (!directory) {
            return filter.test(root.getFileName().toString()) && searchFile(root, pattern, context, budget, results);
        }
        boolean[] more = {false};
        Recursion[] failed = {null};
        FileWalk.walk(root, context.workspace(), budget::check, file -> {
            // A file a deny rule keeps from reading is left out, as a search naming it would be refused.
            if (!filter.test(FileWalk.relative(root, file)) || context.deniedReads().denied(NAME, file)) {
                return true;
            }
            try {
                more[0] = searchFile(file, pattern, context, budget, results);
            } catch (Recursion e) {
                failed[0] = e;
                return false;
            }
            return !more[0];
        });
        if (failed[0] != null) {
            throw failed[0];
        }
        return more[0];
    }

    /** A glob without '/' matches file names anywhere (like ripgrep's -g); with '/', relative paths. */
    private static Predicate<String> globFilter(String glob, Input in) throws ToolError.TellModel {
        try {
            Predicate<String> matcher = FileWalk.glob(glob);
            if (glob.contains("/")) {
                return matcher;
            }
            return relative -> matcher.test(relative.substring(relative.lastIndexOf('/') + 1));
        } catch (IllegalArgumentException e) {
            throw in.failure("invalid glob: " + glob);
        }
    }

    /** Adds the file's matching lines; returns true when the result limit was reached. */
    private boolean searchFile(Path file, Pattern pattern, ToolContext context, SearchBudget budget,
                                      List<String> results) throws Recursion {
        budget.check();
        String raw = readText(file);
        if (raw == null) {
            return false;
        }
        String text = cuts.mask(raw);
        String shown = Display.path(context.workspace(), file);
        int number = 0;
        for (String line : (Iterable<String>) text.lines()::iterator) {
            number++;
            CharSequence matched = line.length() > MAX_MATCH_LINE_CHARS ? line.substring(0, MAX_MATCH_LINE_CHARS) : line;
            Matcher matcher = pattern.matcher(new GuardedText(matched, budget));
            boolean found;
            try {
                found = matcher.find();
            } catch (StackOverflowError e) {
                // java.util.regex recurses per repetition of a group; the stack unwinds to here intact.
                throw new Recursion(shown + ":" + number);
            }
            if (found) {
                if (results.size() == MAX_MATCHES) {
                    return true;
                }
                results.add(shown + ":" + number + ": " + clip(line, matcher.start()));
            }
        }
        return false;
    }

    /**
     * The text of a regular file of at most {@link #MAX_FILE_BYTES}, or null for one to skip
     * (too large, binary, unreadable). Opened without following a link, read with a bound.
     */
    private static String readText(Path file) {
        try (InputStream in = Channels.newInputStream(Files.newByteChannel(file, Set.of(StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)))) {
            byte[] bytes = in.readNBytes((int) MAX_FILE_BYTES + 1);
            if (bytes.length > MAX_FILE_BYTES) {
                return null;
            }
            for (int i = 0; i < Math.min(bytes.length, BINARY_PROBE_BYTES); i++) {
                if (bytes[i] == 0) {
                    return null;
                }
            }
            return new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return null;
        }
    }

    /** Keeps long lines readable: a window around the match start (of a masked line, so no secret is cut). */
    private static String clip(String line, int matchStart) {
        String stripped = line.strip();
        if (stripped.length() <= MAX_LINE_CHARS) {
            return stripped;
        }
        int from = Math.max(0, Math.min(matchStart - MAX_LINE_CHARS / 4, line.length() - MAX_LINE_CHARS));
        return (from > 0 ? "…" : "") + line.substring(from, from + MAX_LINE_CHARS) + "…";
    }

    /** The regex engine ran out of stack on the named line. */
    private static final class Recursion extends Exception {
        Recursion(String where) {
            super(where, null, false, false);
        }
    }
}
