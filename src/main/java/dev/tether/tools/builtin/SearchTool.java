package dev.tether.tools.builtin;

import dev.tether.acp.schema.ToolCallLocation;
import dev.tether.acp.schema.ToolKind;
import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolFailure;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import tools.jackson.databind.JsonNode;

/**
 * {@code search {pattern, path?, glob?}}: a Java regular expression over the text files of
 * the workspace, one {@code path:line: text} result per matching line. Reads the disk, not
 * unsaved editor buffers.
 */
public final class SearchTool implements Tool {
    public static final String NAME = "search";
    public static final int MAX_MATCHES = 200;
    public static final int MAX_LINE_CHARS = 300;
    /** Larger files are skipped: they are generated or data, and slow to scan. */
    public static final long MAX_FILE_BYTES = 4L * 1024 * 1024;
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

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolTraits traits() {
        return ToolTraits.builtin(ToolKind.SEARCH, ToolTraits.Category.READ);
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        try {
            Input in = Input.of(NAME, input);
            String pattern = in.requiredString("pattern");
            Path root = in.path(context.workspace(), "path", ".");
            String glob = in.optionalString("glob");
            String title = "Search `" + Display.snippet(pattern, 60) + "` in " + Display.path(context.workspace(), root)
                    + (glob == null ? "" : " (" + glob + ")");
            return new ToolCallView(title, ToolKind.SEARCH, List.of(new ToolCallLocation(root.toString(), null)), List.of());
        } catch (ToolFailure e) {
            return ToolCallView.of("Search", ToolKind.SEARCH);
        }
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolFailure {
        Input in = Input.of(NAME, input);
        String patternText = in.requiredString("pattern");
        Path root = in.path(context.workspace(), "path", ".");
        String glob = in.optionalString("glob");
        Pattern pattern;
        try {
            pattern = Pattern.compile(patternText);
        } catch (PatternSyntaxException e) {
            throw in.failure("invalid regular expression: " + e.getDescription() + " near index " + e.getIndex());
        }
        Predicate<String> filter = glob == null || glob.isEmpty() ? p -> true : globFilter(glob, in);
        String where = Display.path(context.workspace(), root);
        if (!Files.exists(root)) {
            throw in.failure("not found: " + where);
        }
        List<String> results = new ArrayList<>();
        boolean[] more = {false};
        Predicate<Path> visitor = file -> {
            if (!filter.test(FileWalk.relative(Files.isDirectory(root) ? root : root.getParent(), file))) {
                return true;
            }
            more[0] = searchFile(file, pattern, context, results);
            return !more[0];
        };
        try {
            if (Files.isDirectory(root)) {
                FileWalk.walk(root, context.cancellation(), visitor);
            } else {
                visitor.test(root);
            }
        } catch (IOException e) {
            throw in.failure("could not search " + where + ": " + FileAccess.reason(e));
        }
        if (results.isEmpty()) {
            return ToolOutcome.text("No matches for " + patternText + " in " + where + ".");
        }
        StringBuilder text = new StringBuilder(String.join("\n", results));
        if (more[0]) {
            text.append("\n[Stopped after ").append(MAX_MATCHES).append(" matches. Narrow the pattern, path or glob.]");
        }
        return ToolOutcome.text(text.toString());
    }

    /** A glob without '/' matches file names anywhere (like ripgrep's -g); with '/', relative paths. */
    private static Predicate<String> globFilter(String glob, Input in) throws ToolFailure {
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
    private static boolean searchFile(Path file, Pattern pattern, ToolContext context, List<String> results) {
        String text;
        try {
            if (Files.size(file) > MAX_FILE_BYTES || isBinary(file)) {
                return false;
            }
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return false;
        }
        String shown = Display.path(context.workspace(), file);
        int number = 0;
        for (String line : (Iterable<String>) text.lines()::iterator) {
            number++;
            Matcher matcher = pattern.matcher(line);
            if (matcher.find()) {
                if (results.size() == MAX_MATCHES) {
                    return true;
                }
                results.add(shown + ":" + number + ": " + clip(line, matcher.start()));
            }
        }
        return false;
    }

    /** Keeps long lines readable: a window around the match start. */
    private static String clip(String line, int matchStart) {
        String stripped = line.strip();
        if (stripped.length() <= MAX_LINE_CHARS) {
            return stripped;
        }
        int from = Math.max(0, Math.min(matchStart - MAX_LINE_CHARS / 4, line.length() - MAX_LINE_CHARS));
        return (from > 0 ? "…" : "") + line.substring(from, from + MAX_LINE_CHARS) + "…";
    }

    private static boolean isBinary(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] probe = in.readNBytes(BINARY_PROBE_BYTES);
            for (byte b : probe) {
                if (b == 0) {
                    return true;
                }
            }
            return false;
        }
    }
}
