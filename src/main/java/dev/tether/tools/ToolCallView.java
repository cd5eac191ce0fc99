package dev.tether.tools;

import dev.tether.acp.schema.ToolCallContent;
import dev.tether.acp.schema.ToolCallLocation;
import dev.tether.acp.schema.ToolKind;
import java.util.List;

/** How a tool call is first shown to the editor (and in a permission request). */
public record ToolCallView(String title, ToolKind kind, List<ToolCallLocation> locations, List<ToolCallContent> preview) {
    public ToolCallView {
        locations = List.copyOf(locations);
        preview = List.copyOf(preview);
    }

    public static ToolCallView of(String title, ToolKind kind) {
        return new ToolCallView(title, kind, List.of(), List.of());
    }
}
