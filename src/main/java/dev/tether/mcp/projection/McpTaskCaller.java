package dev.tether.mcp.projection;

import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import tools.jackson.databind.JsonNode;

/**
 * Runs a projected tool's call as an MCP task of the session (see {@link dev.tether.mcp.task.McpTasks}):
 * the seam between an {@link McpTool} whose server has tasks enabled and the task runtime.
 */
@FunctionalInterface
interface McpTaskCaller {
    /**
     * @throws ToolError.TellModel the task failed or was cancelled by the server
     * @throws dev.tether.mcp.api.McpError the server did not create the task
     */
    ToolOutcome call(McpToolSpec spec, String projectedName, JsonNode input, ToolContext context) throws ToolError.TellModel;
}
