package dev.tether.tools.builtin;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.Location;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.rules.Subject;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * {@code edit_file {path, old_string, new_string, replace_all?}}: exact string replacement.
 * {@code old_string} must occur exactly once unless {@code replace_all}, so the model cannot
 * change a place it did not mean.
 */
public final class EditFileTool implements Tool {
    public static final String NAME = "edit_file";

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "Replace an exact string in a file. old_string must match the file exactly (including whitespace) "
                    + "and occur exactly once, unless replace_all is true. Include enough surrounding lines to make it unique.",
            Json.parse("""
                    {"type":"object","properties":{
                      "path":{"type":"string","description":"File path, relative to the workspace root or absolute"},
                      "old_string":{"type":"string","description":"The exact text to replace"},
                      "new_string":{"type":"string","description":"The replacement text"},
                      "replace_all":{"type":"boolean","description":"Replace every occurrence (default false)"}},
                     "required":["path","old_string","new_string"],"additionalProperties":false}"""));

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolTraits traits() {
        return ToolTraits.builtin(ToolKind.EDIT, ToolTraits.Category.EDIT);
    }

    /** A write to a file other programs run (e.g. {@code .git/config}) is a command, not an edit. */
    @Override
    public ToolTraits traitsFor(JsonNode input, ToolContext context) {
        try {
            Path path = Input.of(NAME, input).path(context.workspace(), "path", null);
            return context.protectedPaths().match(context.workspace(), path)
                    .map(protection -> traits().asExecute(protection.explain())).orElse(traits());
        } catch (ToolError.TellModel e) {
            return traits(); // the run refuses the path itself
        }
    }

    @Override
    public Subject subject(JsonNode input, ToolContext context) {
        return Subjects.path(NAME, input, context, "path", null);
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        Path path;
        try {
            path = Input.of(NAME, input).path(context.workspace(), "path", null);
        } catch (ToolError.TellModel e) {
            return ToolCallView.of("Edit file", ToolKind.EDIT);
        }
        String title = "Edit " + Display.titlePath(context.workspace(), path);
        try {
            Edit edit = plan(input, context);
            return new ToolCallView(title, ToolKind.EDIT,
                    List.of(new Location(path.toString(), edit.line())), List.of(edit.diff()));
        } catch (ToolError.TellModel e) {
            // The run will report the problem; the title is still useful.
            return new ToolCallView(title, ToolKind.EDIT, List.of(new Location(path.toString(), null)), List.of());
        }
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        Edit edit = plan(input, context);
        try {
            FileAccess.write(context, edit.path(), edit.diff().newText());
        } catch (ToolError.TellModel e) {
            throw new ToolError.TellModel(NAME + ": " + e.getMessage());
        }
        String summary = "Edited " + Display.path(context.workspace(), edit.path()) + ": replaced "
                + (edit.count() == 1 ? "1 occurrence" : edit.count() + " occurrences") + " (first at line " + edit.line() + ").";
        return new ToolOutcome(List.of(new Part.Text(summary)), List.of(edit.diff()),
                Json.object().put("path", edit.path().toString()).put("replacements", edit.count()), false);
    }

    private record Edit(Path path, ToolDisplay.Diff diff, int count, int line) {}

    /** Validates the input against the current file and computes the new text, without writing. */
    private static Edit plan(JsonNode input, ToolContext context) throws ToolError.TellModel {
        Input in = Input.of(NAME, input);
        Path path = in.path(context.workspace(), "path", null);
        String oldString = in.requiredString("old_string");
        String newString = in.presentString("new_string");
        boolean replaceAll = in.optionalBoolean("replace_all");
        if (oldString.equals(newString)) {
            throw in.failure("old_string and new_string are identical; nothing to change");
        }
        String shown = Display.path(context.workspace(), path);
        String text;
        try {
            text = FileAccess.read(context, path);
        } catch (ToolError.TellModel e) {
            throw in.failure(e.getMessage());
        }
        int first = text.indexOf(oldString);
        if (first < 0) {
            throw in.failure("old_string was not found in " + shown
                    + "; read the file again and copy the text exactly, including whitespace");
        }
        int count = occurrences(text, oldString);
        if (count > 1 && !replaceAll) {
            throw in.failure("old_string occurs " + count + " times in " + shown
                    + "; include more surrounding text to make it unique, or set replace_all to true");
        }
        String updated = replaceAll ? text.replace(oldString, newString)
                : text.substring(0, first) + newString + text.substring(first + oldString.length());
        int line = (int) text.substring(0, first).chars().filter(c -> c == '\n').count() + 1;
        return new Edit(path, new ToolDisplay.Diff(path.toString(), text, updated), count, line);
    }

    private static int occurrences(String text, String part) {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length())) {
            count++;
        }
        return count;
    }
}
