package dev.tether.config;

import dev.tether.mcp.ToolNames;
import dev.tether.mcp.content.CompleteTool;
import dev.tether.mcp.content.ListResourcesTool;
import dev.tether.mcp.content.ReadResourceTool;
import dev.tether.tools.builtin.EditFileTool;
import dev.tether.tools.builtin.ListFilesTool;
import dev.tether.tools.builtin.ReadFileTool;
import dev.tether.tools.builtin.RunCommandTool;
import dev.tether.tools.builtin.SearchTool;
import dev.tether.tools.builtin.UpdatePlanTool;
import dev.tether.tools.builtin.WriteFileTool;
import java.util.Locale;
import java.util.Set;

/**
 * Server names Tether keeps for itself: {@code tether} and {@code mcp}, anything starting with
 * {@code mcp_} (the namespace of Tether's own MCP tools), the built-in tool names, and any name
 * holding the {@code __} separator of projected tool names (which would make
 * {@code mcp__a__b__c} ambiguous). Compared ignoring case.
 */
public final class ReservedNames {
    private static final Set<String> NAMES = Set.of("tether", "mcp", ReadFileTool.NAME, WriteFileTool.NAME, EditFileTool.NAME,
            ListFilesTool.NAME, SearchTool.NAME, RunCommandTool.NAME, UpdatePlanTool.NAME, ListResourcesTool.NAME,
            ReadResourceTool.NAME, CompleteTool.NAME);

    private ReservedNames() {}

    /** Why {@code name} cannot name a server, or null when it can. */
    public static String why(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (name.isBlank()) {
            return "a server needs a name";
        }
        if (NAMES.contains(lower) || lower.startsWith("mcp_")) {
            return "\"" + Shown.clean(name) + "\" is reserved for Tether's own tools";
        }
        if (name.contains(ToolNames.SEPARATOR)) {
            return "\"" + Shown.clean(name) + "\" holds \"" + ToolNames.SEPARATOR + "\", which separates server and tool in tool names";
        }
        return null;
    }
}
