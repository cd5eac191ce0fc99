package dev.tether.tools.rules;

import dev.tether.base.Glob;
import java.util.Set;

/** What a rule names: built-in tools (with an optional specifier), or an MCP server's tools. */
public sealed interface Target {

    /**
     * Built-in tools, by name or name glob.
     *
     * @param names   the tools a name or an alias stands for; empty when {@code glob} is used
     * @param glob    a glob over built-in tool names, or null
     * @param command for {@code run_command}: the command pattern, or null for every command
     * @param path    for the file tools: the path pattern, or null for every path
     * @param sandboxed for {@code run_command:sandboxed} true, {@code run_command:unsandboxed} false; null for both
     */
    record Builtin(Set<String> names, Glob glob, CommandPattern command, PathPattern path, Boolean sandboxed) implements Target {
        public Builtin {
            names = Set.copyOf(names);
        }

        Builtin(Set<String> names, Glob glob, CommandPattern command, PathPattern path) {
            this(names, glob, command, path, null);
        }

        boolean names(String tool) {
            return names.contains(tool) || (glob != null && glob.matches(tool));
        }

        /** Whether the rule names this call's tool, and its sandboxing where the rule says which. */
        boolean covers(Subject.Builtin call) {
            return names(call.tool()) && (sandboxed == null || sandboxed.equals(call.sandboxed()));
        }
    }

    /**
     * An MCP server's tools, by the names the server uses (never the projected ones).
     *
     * @param server the server's name, or a glob over names (only in deny and ask rules)
     * @param tool   a glob over the server's tool names, or null for all of them
     */
    record Mcp(Glob server, Glob tool) implements Target {}
}
