package dev.tether.agent;

import dev.tether.base.Cancellation;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.ToolError;
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
     * failure: a {@link ToolError.TellModel} becomes an error result the model reads, a
     * {@link ToolError.Fatal} a {@link Step.Fatal}.
     */
    Step call(Part.ToolUse use, Cancellation cancellation);

    /**
     * Whether {@code use} may run at the same time as other such calls of its step: it only
     * reads, and runs without asking the user. False unless an implementation knows better.
     */
    default boolean parallelSafe(Part.ToolUse use) {
        return false;
    }

    /** How one call ended: its result, which every call has, and whether the step and the turn go on. */
    sealed interface Step {
        Part.ToolResult result();

        /** The call is answered (possibly with an error the model reads); the turn goes on. */
        record Answered(Part.ToolResult result) implements Step {}

        /** The user cancelled the call or its permission request: no later call of this step runs, the turn ends cancelled. */
        record Cancelled(Part.ToolResult result) implements Step {}

        /** The call failed fatally: no later call of this step runs, and the turn ends with {@code error} shown to the user. */
        record Fatal(Part.ToolResult result, ToolError.Fatal error) implements Step {}
    }
}
