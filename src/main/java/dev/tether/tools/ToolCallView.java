package dev.tether.tools;

import java.util.List;

/** How a tool call is first shown to the editor (and in a permission request). */
public record ToolCallView(String title, ToolKind kind, List<Location> locations, List<ToolDisplay> preview) {
    public ToolCallView {
        locations = List.copyOf(locations);
        preview = List.copyOf(preview);
    }

    public static ToolCallView of(String title, ToolKind kind) {
        return new ToolCallView(title, kind, List.of(), List.of());
    }
}
