package dev.tether.agent.subagent;

import dev.tether.tools.SessionMode;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.permission.PermissionGate;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The tools a subagent is offered out of its session's. By default those that only read and that
 * the session's mode runs without asking (built-in reads, searches and listings; MCP tools trusted
 * as read-only); a type's {@code tools} list names them instead ({@code *} for every tool of the
 * session). Either way never {@code agent} (no subagent starts another) and only what the mode
 * offers; each call is still gated, so a write asks unless the mode allows it.
 */
public final class ToolSubset {
    private ToolSubset() {}

    public static Predicate<Tool> of(AgentType type, Supplier<SessionMode> mode) {
        return tool -> {
            String name = tool.definition().name();
            if (name.equals(AgentTool.NAME)) {
                return false;
            }
            if (type.tools() != null) {
                return type.tools().contains(name) || type.tools().contains("*");
            }
            ToolTraits traits = tool.traits();
            return traits.readOnly() && !traits.confirm() && traits.kind() != ToolKind.THINK
                    && PermissionGate.verdict(mode.get(), traits, false) == PermissionGate.Verdict.ALLOW;
        };
    }
}
