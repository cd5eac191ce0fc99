package dev.tether.tools;

import dev.tether.acp.schema.ToolKind;

/**
 * What a tool may do.
 *
 * @param kind     the ACP kind shown by the editor
 * @param category read (no side effects), edit (workspace files), execute (commands), or
 *                 external (MCP and other tools whose effects Tether cannot see)
 * @param confirm  ask every time, even in {@code auto} mode (an explicitly declared
 *                 destructive MCP tool)
 * @param source   "builtin" or the MCP server name
 */
public record ToolTraits(ToolKind kind, Category category, boolean confirm, String source) {
    public enum Category { READ, EDIT, EXECUTE, EXTERNAL }

    public boolean readOnly() {
        return category == Category.READ;
    }

    public static ToolTraits builtin(ToolKind kind, Category category) {
        return new ToolTraits(kind, category, false, "builtin");
    }
}
