package dev.tether.mcp.projection;

import dev.tether.json.Json;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.util.List;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/**
 * {@code mcp_task_start {tool, arguments}}: starts an MCP tool whose server allows it as a task
 * ({@code taskSupport: "optional"}) as one, so a long call can go to the background. It is a
 * {@link Tool.Delegation} of that tool: the session describes, gates and remembers the call
 * exactly as a direct call of the named tool, and a tool the user's lists or the mode do not
 * offer is refused.
 */
final class TaskStartTool implements Tool {
    static final String NAME = "mcp_task_start";
    private static final ToolTraits TRAITS = new ToolTraits(ToolKind.OTHER, ToolTraits.Category.EXTERNAL, false, "mcp");

    private final Supplier<List<Tool>> projected;
    private final ToolDefinition definition = new ToolDefinition(NAME,
            "Starts an MCP tool that supports tasks as a background task (same permission as calling it directly). "
            + "Returns its result, or a task id to follow with mcp_task_status / mcp_task_result when it runs long.",
            Json.parse("""
                    {"type":"object","properties":{"tool":{"type":"string","description":"the tool's name, mcp__<server>__<tool>"},
                     "arguments":{"type":"object","description":"the tool's arguments"}},"required":["tool"]}"""));

    TaskStartTool(Supplier<List<Tool>> projected) {
        this.projected = projected;
    }

    private McpTool target(JsonNode input) {
        String name = input == null ? null : input.path("tool").asString(null);
        if (name == null) {
            return null;
        }
        for (Tool tool : projected.get()) {
            if (tool instanceof McpTool mcp && mcp.definition().name().equals(name) && mcp.startsAsTask()) {
                return mcp;
            }
        }
        return null;
    }

    private static JsonNode arguments(JsonNode input) {
        JsonNode args = input.get("arguments");
        return args != null && args.isObject() ? args : Json.object();
    }

    @Override
    public Delegation delegation(JsonNode input) {
        McpTool tool = target(input);
        return tool == null ? null : new Delegation(tool, arguments(input));
    }

    @Override
    public ToolDefinition definition() {
        return definition;
    }

    @Override
    public ToolTraits traits() {
        return TRAITS;
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        return ToolCallView.of("Start an MCP tool as a task", ToolKind.OTHER);
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        McpTool tool = target(input);
        if (tool == null) {
            throw new ToolError.TellModel("\"tool\" must name an offered MCP tool whose server runs it as a task on request "
                    + "(taskSupport \"optional\")");
        }
        return tool.runAsTask(arguments(input), context);
    }
}
