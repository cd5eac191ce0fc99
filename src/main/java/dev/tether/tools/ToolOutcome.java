package dev.tether.tools;

import dev.tether.model.Part;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The result of a tool call.
 *
 * @param forModel   what the model reads (bounded text and, where allowed, images)
 * @param forEditor  what the editor shows (diffs, terminals, content)
 * @param rawOutput  a structured result for the editor's {@code rawOutput}, or null
 * @param isError    the tool ran but reports an error the model should read (e.g. MCP isError)
 * @param audit      details for the session's audit log (validation errors, a bounded structured
 *                   result), or null
 */
public record ToolOutcome(List<Part> forModel, List<ToolDisplay> forEditor, JsonNode rawOutput, boolean isError,
                          JsonNode audit) {
    public ToolOutcome {
        forModel = List.copyOf(forModel);
        forEditor = List.copyOf(forEditor);
    }

    public ToolOutcome(List<Part> forModel, List<ToolDisplay> forEditor, JsonNode rawOutput, boolean isError) {
        this(forModel, forEditor, rawOutput, isError, null);
    }

    public static ToolOutcome text(String text) {
        return new ToolOutcome(List.of(new Part.Text(text)), List.of(ToolDisplay.text(text)), null, false);
    }
}
