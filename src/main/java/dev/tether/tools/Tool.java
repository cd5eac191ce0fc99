package dev.tether.tools;

import dev.tether.model.ToolDefinition;
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
     * How the call looks in the editor before it runs (title, kind, locations, a preview such
     * as a diff). Must not have side effects; invalid input still gets a sensible title.
     */
    ToolCallView describe(JsonNode input, ToolContext context);

    /**
     * Runs the call. Throws {@link ToolFailure} for errors the model should read (bad input,
     * missing file, non-zero exit is NOT a failure but a result); throws
     * {@link dev.tether.agent.CancelledException} when cancelled.
     */
    ToolOutcome run(JsonNode input, ToolContext context) throws ToolFailure;

    /**
     * What the session's audit log records about this tool besides the call itself (for an
     * MCP tool: server, tool name on the server, effective hints), or null for tools that are
     * not audited (the built-in ones).
     */
    default JsonNode auditInfo() {
        return null;
    }
}
