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

/** {@code write_file {path, content}}: creates or replaces a whole file; shows the change as a diff. */
public final class WriteFileTool implements Tool {
    public static final String NAME = "write_file";

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "Create a file or replace its whole content. Parent directories are created. "
                    + "Prefer edit_file for changing part of an existing file.",
            Json.parse("""
                    {"type":"object","properties":{
                      "path":{"type":"string","description":"File path, relative to the workspace root or absolute"},
                      "content":{"type":"string","description":"The complete new content of the file"}},
                     "required":["path","content"],"additionalProperties":false}"""));

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
        try {
            Input in = Input.of(NAME, input);
            Path path = in.path(context.workspace(), "path", null);
            String title = "Write " + Display.titlePath(context.workspace(), path);
            List<Location> locations = List.of(new Location(path.toString(), null));
            String content = in.optionalString("content");
            if (content == null) {
                return new ToolCallView(title, ToolKind.EDIT, locations, List.of());
            }
            String old;
            try {
                old = current(context, path);
            } catch (ToolError.TellModel e) {
                // Not previewable (too large, not a regular file): say why; the run refuses it too.
                return new ToolCallView(title, ToolKind.EDIT, locations, List.of(ToolDisplay.text(e.getMessage())));
            }
            return new ToolCallView(title, ToolKind.EDIT, locations,
                    List.of(new ToolDisplay.Diff(path.toString(), old, content)));
        } catch (ToolError.TellModel e) {
            return ToolCallView.of("Write file", ToolKind.EDIT);
        }
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        Input in = Input.of(NAME, input);
        Path path = in.path(context.workspace(), "path", null);
        String content = in.presentString("content");
        String shown = Display.path(context.workspace(), path);
        String old;
        try {
            old = current(context, path);
            FileAccess.write(context, path, content);
        } catch (ToolError.TellModel e) {
            throw in.failure(e.getMessage());
        }
        String summary = (old == null ? "Created " : "Wrote ") + shown + " (" + Display.lineCount(content) + " lines).";
        return new ToolOutcome(List.of(new Part.Text(summary)),
                List.of(new ToolDisplay.Diff(path.toString(), old, content)),
                Json.object().put("path", path.toString()).put("created", old == null), false);
    }

    /** The current text, or null for a file that does not exist yet; never more than a capped read. */
    private static String current(ToolContext context, Path path) throws ToolError.TellModel {
        return FileAccess.current(context, path);
    }
}
