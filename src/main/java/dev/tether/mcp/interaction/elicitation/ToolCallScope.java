package dev.tether.mcp.interaction.elicitation;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpCallResult;
import java.util.function.Supplier;

/**
 * Wraps one {@code tools/call} of a projected MCP tool: marks it as in flight (so a server's
 * elicitation can be tied to its ACP tool call) and handles a URL elicitation the server requires
 * before it can answer (-32042). {@link #DIRECT} just runs the call.
 */
@FunctionalInterface
public interface ToolCallScope {
    /**
     * @throws dev.tether.mcp.api.McpError          the call failed (after the retries this scope allows)
     * @throws dev.tether.base.CancelledException  {@code cancellation} fired
     */
    McpCallResult run(String server, String toolCallId, Cancellation cancellation, Supplier<McpCallResult> call);

    ToolCallScope DIRECT = (server, toolCallId, cancellation, call) -> call.get();
}
