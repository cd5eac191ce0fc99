package dev.tether.agent;

import dev.tether.base.Cancellation;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import java.util.List;

/** The turn loop's view of tools: what to offer, and running one call end to end. */
public interface TurnTools {

    /**
     * The catalog barrier: waits for MCP catalogs still loading (bounded), swaps the new
     * projection in, and returns the tools to offer for the next model request.
     */
    List<ToolDefinition> prepare(Cancellation cancellation);

    /**
     * Announces, authorises, runs and reports one tool call. Never throws for a tool's own
     * failure: that becomes an error result the model reads.
     */
    Step call(Part.ToolUse use, Cancellation cancellation);

    /**
     * @param stopStep the user cancelled the permission request: no later call of this step may run
     */
    record Step(Part.ToolResult result, boolean stopStep) {}
}
