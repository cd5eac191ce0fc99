package dev.tether.tools.builtin;

import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.rules.Subject;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** What permission rules see of a built-in tool's call: the command it runs, or the path it touches. */
final class Subjects {
    private Subjects() {}

    /** A file tool's call: the path in {@code field} resolved in the workspace ({@code fallback} when absent), or none when it does not resolve. */
    static Subject path(String tool, JsonNode input, ToolContext context, String field, String fallback) {
        try {
            Path path = Input.of(tool, input).path(context.workspace(), field, fallback);
            return new Subject.Builtin(tool, null, List.of(path));
        } catch (ToolError.TellModel | RuntimeException e) {
            return Subject.Builtin.named(tool);
        }
    }

    /** A command's call: its command line, or none when the input has none. */
    static Subject command(String tool, JsonNode input) {
        try {
            return new Subject.Builtin(tool, Input.of(tool, input).requiredString("command"), List.of());
        } catch (ToolError.TellModel | RuntimeException e) {
            return Subject.Builtin.named(tool);
        }
    }
}
