package dev.tether.config.mcp;

import dev.tether.mcp.projection.ToolNames;
import java.util.Locale;
import java.util.Set;

/**
 * Server names Tether keeps for itself: {@code tether} and {@code mcp}, anything starting with
 * {@code mcp_} (the namespace of Tether's own MCP tools: {@code mcp_read_resource},
 * {@code mcp_task_status}, …), and any name holding the {@code __} separator of projected tool
 * names (which would make {@code mcp__a__b__c} ambiguous). Compared ignoring case. A built-in
 * tool's name is fine as a server name: its tools are {@code mcp__search__…}, never {@code search}.
 */
public final class ReservedNames {
    private static final Set<String> NAMES = Set.of("tether", "mcp");

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
