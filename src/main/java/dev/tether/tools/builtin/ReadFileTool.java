package dev.tether.tools.builtin;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.security.CodeFence;
import dev.tether.security.SecretCuts;
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
 * {@code read_file {path, offset?, limit?}}: a window of a text file, with line numbers for
 * the model; a PNG, JPEG, GIF or WebP file goes to the model as an image ({@link ImageFile}). Reads the editor's buffer when the editor offers {@code fs.readTextFile}. The window
 * is masked ({@link SecretCuts}) before any line is cut, so a known secret that a cut would split
 * is shown as the marker, never as two halves.
 */
public final class ReadFileTool implements Tool {
    public static final String NAME = "read_file";
    /** At most this many lines per call. */
    public static final int MAX_LINES = 2000;
    /** At most this many bytes (UTF-8) of text per call. */
    public static final int MAX_BYTES = 256 * 1024;
    /** Longer lines are cut, so one minified file cannot fill the context. */
    public static final int MAX_LINE_CHARS = 2000;

    private static final ToolDefinition DEFINITION = new ToolDefinition(NAME,
            "Read a text file in the workspace. Returns lines prefixed with their 1-based line numbers. "
                    + "Use offset and limit to read a part of a long file (at most " + MAX_LINES + " lines per call). "
                    + "A PNG, JPEG, GIF or WebP image file is returned as the image itself, for you to look at.",
            Json.parse("""
                    {"type":"object","properties":{
                      "path":{"type":"string","description":"File path, relative to the workspace root or absolute"},
                      "offset":{"type":"integer","minimum":1,"description":"1-based line to start from"},
                      "limit":{"type":"integer","minimum":1,"description":"Maximum number of lines to read"}},
                     "required":["path"],"additionalProperties":false}"""));

    private final SecretCuts cuts;

    public ReadFileTool() {
        this(SecretCuts.none());
    }

    /** @param cuts masks the known secrets in a window before its lines are cut */
    public ReadFileTool(SecretCuts cuts) {
        this.cuts = cuts;
    }

    @Override
    public ToolDefinition definition() {
        return DEFINITION;
    }

    @Override
    public ToolTraits traits() {
        return ToolTraits.builtin(ToolKind.READ, ToolTraits.Category.READ);
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
            Integer offset = in.optionalInt("offset", 1);
            String title = "Read " + Display.titlePath(context.workspace(), path)
                    + (offset == null ? "" : " from line " + offset);
            return new ToolCallView(title, ToolKind.READ,
                    List.of(new Location(path.toString(), offset == null ? 1 : offset)), List.of());
        } catch (ToolError.TellModel e) {
            return ToolCallView.of("Read file", ToolKind.READ);
        }
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        Input in = Input.of(NAME, input);
        Path path = in.path(context.workspace(), "path", null);
        int offset = in.optionalInt("offset", 1) == null ? 1 : in.optionalInt("offset", 1);
        Integer requested = in.optionalInt("limit", 1);
        int limit = requested == null ? MAX_LINES : Math.min(requested, MAX_LINES);
        String shown = Display.path(context.workspace(), path);

        ToolOutcome image = image(context, path, shown, in);
        if (image != null) {
            return image;
        }
        // One line more than asked tells whether the file goes on; a secret of several lines that the
        // window's edges would cut is read whole (the window widened by its line breaks), masked, then cut.
        int widen = cuts.lineBreaks();
        int from = Math.max(1, offset - widen);
        String text;
        try {
            text = FileAccess.read(context, path, from, (offset - from) + limit + 1 + widen);
        } catch (ToolError.TellModel e) {
            throw in.failure(e.getMessage());
        }
        if (text.indexOf('\0') >= 0) {
            throw in.failure(shown + " looks like a binary file; read_file reads text, and PNG, JPEG, GIF and WebP images");
        }
        List<String> widened = cuts.mask(text).lines().toList();
        List<String> lines = widened.subList(Math.min(offset - from, widened.size()),
                Math.min(widened.size(), offset - from + limit + 1));
        if (lines.isEmpty()) {
            String empty = offset == 1 ? shown + " is empty." : shown + " has fewer than " + offset + " lines.";
            return ToolOutcome.text(empty);
        }

        StringBuilder numbered = new StringBuilder();
        StringBuilder raw = new StringBuilder();
        int bytes = 0;
        int shownLines = 0;
        boolean cutLines = false;
        for (int i = 0; i < Math.min(lines.size(), limit); i++) {
            String line = lines.get(i);
            if (line.length() > MAX_LINE_CHARS) {
                line = line.substring(0, MAX_LINE_CHARS) + " [line cut]";
                cutLines = true;
            }
            int size = line.getBytes(java.nio.charset.StandardCharsets.UTF_8).length + 1;
            if (bytes + size > MAX_BYTES && shownLines > 0) {
                break;
            }
            bytes += size;
            numbered.append(String.format("%6d\t%s\n", offset + i, line));
            raw.append(line).append('\n');
            shownLines++;
        }
        int last = offset + shownLines - 1;
        boolean more = lines.size() > shownLines;
        StringBuilder note = new StringBuilder();
        if (more) {
            note.append("\n[Showing lines ").append(offset).append("-").append(last)
                    .append(". The file continues: call read_file with offset ").append(last + 1).append(".]");
        }
        if (cutLines) {
            note.append("\n[Lines longer than ").append(MAX_LINE_CHARS).append(" characters were cut.]");
        }
        String forModel = numbered + note.toString();
        JsonNode rawOutput = Json.object()
                .put("path", path.toString())
                .put("startLine", offset)
                .put("endLine", last)
                .put("truncated", more);
        return new ToolOutcome(List.of(new Part.Text(forModel)),
                List.of(ToolDisplay.text(CodeFence.wrap(raw.toString(), ""))), rawOutput, false);
    }

    /** The file as an image for the model, when its first bytes say it is one; null for any other file. */
    private static ToolOutcome image(ToolContext context, Path path, String shown, Input in) throws ToolError.TellModel {
        try {
            if (FileAccess.inspect(context, path) == null) {
                return null; // not on disk: an editor buffer, or missing, which the text path reports
            }
            byte[] head = ImageFile.head(path);
            ImageFile.Kind kind = ImageFile.sniff(head);
            return kind == null ? null : ImageFile.read(context, path, kind, head, shown);
        } catch (ToolError.TellModel e) {
            throw in.failure(e.getMessage());
        } catch (java.io.IOException e) {
            return null; // the text path reads it again and says why it cannot
        }
    }
}
