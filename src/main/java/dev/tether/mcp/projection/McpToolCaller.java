package dev.tether.mcp.projection;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpProgress;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * Sends one {@code tools/call} to a server: the seam between a projected {@link McpTool} and its
 * connection (and a few lines for a fake in tests).
 */
@FunctionalInterface
public interface McpToolCaller {
    /**
     * @param retryable the tool is read-only or idempotent per its effective hints, so the
     *                  connection may retry it once after a reconnect
     * @throws McpError                          error answer, timeout, the connection ended
     * @throws dev.tether.base.CancelledException  {@code cancellation} fired
     */
    McpCallResult call(String tool, JsonNode arguments, boolean retryable, Cancellation cancellation,
                       Consumer<McpProgress> progress);
}
