package dev.tether.tools;

import dev.tether.base.Glob;
import java.util.List;

/**
 * The user's limits on tools from the config file's {@code "tools"} object: allow and deny lists
 * of tool-name globs ({@link Glob#name}: {@code *} any run of characters, {@code ?} one character; an empty allow
 * list allows everything; deny wins over allow), and the paths whose writes count as commands
 * ({@link ProtectedPaths}: the defaults plus {@code protectedPaths}), and when MCP tools'
 * definitions are deferred behind {@code tool_search} ({@link ToolDeferral}).
 */
public record ToolFilter(List<String> allow, List<String> deny, ProtectedPaths protectedPaths, ToolDeferral deferral) {
    public static final ToolFilter ALLOW_ALL = new ToolFilter(List.of(), List.of());

    public ToolFilter {
        allow = List.copyOf(allow);
        deny = List.copyOf(deny);
    }

    /** Name lists and protected paths, with the default deferral of MCP tools. */
    public ToolFilter(List<String> allow, List<String> deny, ProtectedPaths protectedPaths) {
        this(allow, deny, protectedPaths, ToolDeferral.DEFAULT);
    }

    /** Name lists with the default protected paths. */
    public ToolFilter(List<String> allow, List<String> deny) {
        this(allow, deny, ProtectedPaths.DEFAULT);
    }

    public boolean permits(String toolName) {
        if (deny.stream().anyMatch(glob -> matches(glob, toolName))) {
            return false;
        }
        return allow.isEmpty() || allow.stream().anyMatch(glob -> matches(glob, toolName));
    }

    private static boolean matches(String glob, String name) {
        return Glob.name(glob).matches(name);
    }
}
