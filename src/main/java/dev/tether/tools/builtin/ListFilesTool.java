package dev.tether.tools.builtin;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
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
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/**
 * {@code list_files {pattern?, path?}}: without a pattern, the entries of one directory;
 * with a glob such as {@code **}{@code /*.java}, the matching files below it.
 */
public final class ListFilesTool implements Tool {
    public static final String NAME = "list_files";
    /** At most this many paths per call. */
    public static final int MAX_RESULTS = 1000;

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "List files. Without a pattern, lists the entries of a directory (directories end with /). "
                    + "With a glob pattern such as **/*.java, lists matching files below the directory. "
                    + "Skips .git, node_modules and target.",
            Json.parse("""
                    {"type":"object","properties":{
                      "pattern":{"type":"string","description":"Glob relative to path, e.g. **/*.java or src/*.ts"},
                      "path":{"type":"string","description":"Directory to list (default: workspace root)"}},
                     "additionalProperties":false}"""));

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
            Path dir = in.path(context.workspace(), "path", ".");
            String pattern = in.optionalString("pattern");
            String where = Display.titlePath(context.workspace(), dir);
            String title = pattern == null ? "List " + where : "Find `" + Display.snippet(pattern, 60) + "` in " + where;
            return new ToolCallView(title, ToolKind.SEARCH, List.of(new Location(dir.toString(), null)), List.of());
        } catch (ToolError.TellModel e) {
            return ToolCallView.of("List files", ToolKind.SEARCH);
        }
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        Input in = Input.of(NAME, input);
        Path dir = in.path(context.workspace(), "path", ".");
        String pattern = in.optionalString("pattern");
        String where = Display.path(context.workspace(), dir);
        if (!Files.isDirectory(dir)) {
            throw in.failure(Files.exists(dir) ? where + " is not a directory" : "directory not found: " + where);
        }
        List<String> found = new ArrayList<>();
        boolean more;
        try {
            more = pattern == null || pattern.isEmpty() ? listDirectory(dir, context, found) : find(dir, pattern, in, context, found);
        } catch (IOException e) {
            throw in.failure("could not list " + where + ": " + FileAccess.reason(e));
        }
        if (found.isEmpty()) {
            return ToolOutcome.text(pattern == null ? where + " is empty." : "No files match " + pattern + " in " + where + ".");
        }
        StringBuilder text = new StringBuilder(String.join("\n", found));
        if (more) {
            text.append("\n[More than ").append(MAX_RESULTS).append(" entries; showing the first ").append(MAX_RESULTS)
                    .append(". Use a narrower pattern or path.]");
        }
        return ToolOutcome.text(text.toString());
    }

    private static boolean listDirectory(Path dir, ToolContext context, List<String> found) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            // Tether's own state may lie inside the workspace: it is not shown, let alone entered.
            // A name a deny rule keeps from reading is not shown either.
            List<Path> sorted = entries.filter(e -> !context.workspace().isPrivate(e) && !context.deniedReads().denied(NAME, e))
                    .sorted().toList();
            for (Path entry : sorted) {
                if (found.size() == MAX_RESULTS) {
                    return true;
                }
                String name = Display.path(context.workspace(), entry);
                found.add(Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS) ? name + "/" : name);
            }
        }
        return false;
    }

    private static boolean find(Path dir, String pattern, Input in, ToolContext context, List<String> found)
            throws IOException, ToolError.TellModel {
        Predicate<String> matcher;
        try {
            matcher = FileWalk.glob(pattern);
        } catch (IllegalArgumentException e) {
            throw in.failure("invalid glob pattern: " + pattern);
        }
        List<Path> matches = new ArrayList<>();
        boolean[] more = {false};
        FileWalk.walk(dir, context.workspace(), context.cancellation()::throwIfCancelled, file -> {
            if (matcher.test(FileWalk.relative(dir, file)) && !context.deniedReads().denied(NAME, file)) {
                if (matches.size() == MAX_RESULTS) {
                    more[0] = true;
                    return false;
                }
                matches.add(file);
            }
            return true;
        });
        matches.stream().sorted().forEach(p -> found.add(Display.path(context.workspace(), p)));
        return more[0];
    }
}
