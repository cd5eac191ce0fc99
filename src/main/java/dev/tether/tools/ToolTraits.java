package dev.tether.tools;


/**
 * What a tool may do.
 *
 * @param kind     the ACP kind shown by the editor
 * @param category read (no side effects), edit (workspace files), execute (commands, and writes
 *                 to files other programs run without asking, see {@link ProtectedPaths}), or
 *                 external (MCP and other tools whose effects Tether cannot see)
 * @param confirm  ask every time, even in {@code auto} mode (an explicitly declared
 *                 destructive MCP tool)
 * @param source   "builtin" or the MCP server name
 * @param why      for one call that does more than its tool usually does, a sentence saying
 *                 why (shown in the permission request); null otherwise
 */
public record ToolTraits(ToolKind kind, Category category, boolean confirm, String source, String why) {
    public enum Category { READ, EDIT, EXECUTE, EXTERNAL }

    /** A tool's own traits, which need no reason. */
    public ToolTraits(ToolKind kind, Category category, boolean confirm, String source) {
        this(kind, category, confirm, source, null);
    }

    public boolean readOnly() {
        return category == Category.READ;
    }

    /**
     * Whether the tool is offered in read-only mode: reads run there, and external tools (whose
     * effects Tether cannot see) are offered so the user can be asked about each call; edits and
     * commands are not.
     */
    public boolean offeredInReadOnly() {
        return category == Category.READ || category == Category.EXTERNAL;
    }

    /** These traits, counted as a command: for a call that does more than the tool usually does. */
    public ToolTraits asExecute() {
        return asExecute(null);
    }

    /** {@link #asExecute()}, saying {@code why} (a sentence for the user). */
    public ToolTraits asExecute(String why) {
        return new ToolTraits(kind, Category.EXECUTE, confirm, source, why);
    }

    public static ToolTraits builtin(ToolKind kind, Category category) {
        return new ToolTraits(kind, category, false, "builtin");
    }
}
