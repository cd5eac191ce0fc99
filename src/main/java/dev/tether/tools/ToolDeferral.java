package dev.tether.tools;

import dev.tether.base.Glob;
import java.util.List;

/**
 * When a session stops sending the definitions of its MCP tools and offers {@code tool_search}
 * instead: the config file's {@code "tools": {"deferAbove": N, "deferAboveTokens": T,
 * "alwaysLoad": [...]}}. Deferral starts when the session's MCP tools are more than
 * {@code deferAbove}, or their definitions are estimated (characters / 4) at more than
 * {@code deferAboveTokens}; {@code deferAbove: 0} turns it off, {@code deferAboveTokens: 0} turns
 * off the token rule only. {@code alwaysLoad} entries are globs over projected names
 * ({@code mcp__github__get_*}) or {@code server:<glob>} for every tool of matching servers; those
 * tools are always sent.
 */
public record ToolDeferral(int deferAbove, int deferAboveTokens, List<String> alwaysLoad) {
    public static final int DEFAULT_DEFER_ABOVE = 40;
    public static final int DEFAULT_DEFER_ABOVE_TOKENS = 20_000;
    public static final ToolDeferral DEFAULT = new ToolDeferral(DEFAULT_DEFER_ABOVE, DEFAULT_DEFER_ABOVE_TOKENS, List.of());
    public static final ToolDeferral OFF = new ToolDeferral(0, 0, List.of());

    public ToolDeferral {
        if (deferAbove < 0 || deferAboveTokens < 0) {
            throw new IllegalArgumentException("deferAbove and deferAboveTokens must be 0 or more");
        }
        alwaysLoad = List.copyOf(alwaysLoad);
    }

    public boolean enabled() {
        return deferAbove > 0;
    }

    /** Whether {@code count} MCP tools of about {@code tokens} tokens are to be deferred. */
    public boolean defers(int count, long tokens) {
        return enabled() && (count > deferAbove || (deferAboveTokens > 0 && tokens > deferAboveTokens));
    }

    /** Whether the user listed this tool (by projected name, or its server) as always sent. */
    public boolean alwaysLoads(String name, String server) {
        for (String entry : alwaysLoad) {
            boolean matched = entry.startsWith("server:")
                    ? server != null && Glob.name(entry.substring("server:".length())).matches(server)
                    : Glob.name(entry).matches(name);
            if (matched) {
                return true;
            }
        }
        return false;
    }
}
