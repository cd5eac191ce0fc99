package dev.tether.tools;

import dev.tether.model.ToolDefinition;
import dev.tether.tools.rules.Subject;
import tools.jackson.databind.JsonNode;

/**
 * A tool the model can call: built-in (files, search, commands, plan) or projected from an
 * MCP server. Implementations are blocking and obey {@link ToolContext#cancellation()}.
 */
public interface Tool {

    /** Name, description and input schema, as offered to the model. */
    ToolDefinition definition();

    /** What the tool may do; drives the permission gate and the ACP tool kind. */
    ToolTraits traits();

    /**
     * What this one call may do, which can be more than {@link #traits()} (a write to
     * {@code .git/config} is a command, not an edit). The gate decides on these; a call whose
     * traits differ from the tool's own is never covered by an "Always allow" of the tool. Must
     * not have side effects, and must not return less than {@link #traits()}.
     */
    default ToolTraits traitsFor(JsonNode input, ToolContext context) {
        return traits();
    }

    /**
     * What the user's "Always allow" is bound to. A built-in tool is its name; a tool from a server
     * is that server, its name there and a digest of its definition, so a different tool under the
     * same name (or the same tool, redefined) is asked about again.
     */
    default String approvalKey() {
        return definition().name();
    }

    /**
     * What permission rules see of this call ({@code run_command(npm test:*)},
     * {@code edit_file(src/**)}, {@code mcp__github__create_issue}): by default the tool's name
     * alone. Must not have side effects; input it cannot read gives a subject without the
     * command or paths, which no allow rule with a specifier covers.
     */
    default Subject subject(JsonNode input, ToolContext context) {
        return Subject.Builtin.named(definition().name());
    }

    /**
     * How the call looks in the editor before it runs (title, kind, locations, a preview such
     * as a diff). Must not have side effects; invalid input still gets a sensible title.
     */
    ToolCallView describe(JsonNode input, ToolContext context);

    /**
     * Runs the call. Throws {@link ToolError.TellModel} for errors the model should read (bad input,
     * missing file; a non-zero exit is NOT a failure but a result), {@link ToolError.Fatal} when the
     * turn cannot go on, and {@link dev.tether.base.CancelledException} when cancelled.
     */
    ToolOutcome run(JsonNode input, ToolContext context) throws ToolError;

    /**
     * For a tool that runs another tool's call in another way (starting an MCP tool as a task):
     * that tool and the input it gets, so the call is described, gated and remembered exactly as
     * a direct call of it would be. Null (the default) for every other tool, and for input that
     * names no such tool (the call is then gated on this tool's own traits and fails when run).
     * Must not have side effects.
     */
    default Delegation delegation(JsonNode input) {
        return null;
    }

    /** The tool a call is really made to, and its input. */
    record Delegation(Tool tool, JsonNode input) {}

    /**
     * What the session's audit log records about this tool besides the call itself (for an
     * MCP tool: server, tool name on the server, effective hints), or null for tools that are
     * not audited (the built-in ones).
     */
    default JsonNode auditInfo() {
        return null;
    }
}
