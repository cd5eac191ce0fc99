package dev.tether.tools.permission;

import dev.tether.tools.rules.Effect;
import dev.tether.tools.rules.InvalidRule;
import dev.tether.tools.rules.PermissionRule;
import dev.tether.tools.rules.RuleScope;
import dev.tether.tools.rules.Subject;

/**
 * What an "Always allow" covers: exactly what was allowed. For {@code run_command} the command
 * line as it was run (its {@code *} written {@code \*}, so it stays one exact command), for an
 * MCP tool that server's tool with that definition, for another built-in tool the tool.
 */
final class AlwaysAllow {
    private static final String ORIGIN = "Always allow";

    private AlwaysAllow() {}

    /** The local-scope rule an "Always allow" of {@code subject} writes. */
    static PermissionRule rule(Subject subject) {
        return switch (subject) {
            case Subject.Mcp mcp -> PermissionRule.pinned(RuleScope.LOCAL, mcp.server(), mcp.tool(),
                    new PermissionRule.Pin(mcp.binding().identity(), mcp.definition()), ORIGIN);
            case Subject.Builtin builtin -> parsed(builtin.command() == null || builtin.command().isBlank() ? builtin.tool()
                    : builtin.tool() + "(" + builtin.command().strip().replace("*", "\\*") + ")");
        };
    }

    /** The "Always allow" option's label: what it covers, and for how long. */
    static String label(Subject subject, boolean kept) {
        String where = kept ? " in this project" : "";
        return switch (subject) {
            case Subject.Builtin builtin when builtin.command() != null -> "Always allow this command" + where;
            default -> "Always allow" + where;
        };
    }

    private static PermissionRule parsed(String text) {
        try {
            return PermissionRule.parse(Effect.ALLOW, RuleScope.LOCAL, text, ORIGIN);
        } catch (InvalidRule e) {
            // A command that cannot be a rule (a ")" at its end makes no difference; an empty one cannot come here).
            throw new IllegalStateException("cannot write \"" + text + "\" as a rule: " + e.getMessage(), e);
        }
    }
}
