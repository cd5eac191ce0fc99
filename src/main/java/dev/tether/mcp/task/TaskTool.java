package dev.tether.mcp.task;

import dev.tether.json.Json;
import dev.tether.model.Part;
import dev.tether.model.ToolDefinition;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolKind;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The model's tools over the session's own MCP tasks: {@code mcp_task_list},
 * {@code mcp_task_status}, {@code mcp_task_result} and {@code mcp_task_cancel}. Their names have
 * one underscore after {@code mcp}, so no projected MCP tool ({@code mcp__<server>__<tool>}) can
 * take them. They touch only tasks this session started (category READ: cancelling only stops
 * work the session itself asked for), and an id of another session is simply unknown.
 */
public final class TaskTool implements Tool {
    private static final ToolTraits TRAITS = new ToolTraits(ToolKind.READ, ToolTraits.Category.READ, false, "mcp");
    private static final String ID_SCHEMA = """
            {"type":"object","properties":{"taskId":{"type":"string","description":"Tether's task id, mcp_task_…"}},
             "required":["taskId"]}""";

    enum Kind { LIST, STATUS, RESULT, CANCEL }

    private final McpTasks tasks;
    private final Kind kind;
    private final ToolDefinition definition;

    private TaskTool(McpTasks tasks, Kind kind, String name, String description, String schema) {
        this.tasks = tasks;
        this.kind = kind;
        this.definition = new ToolDefinition(name, description, Json.parse(schema));
    }

    /** The four task tools over {@code tasks}. */
    public static List<Tool> all(McpTasks tasks) {
        return List.of(
                new TaskTool(tasks, Kind.LIST, "mcp_task_list", "Lists the MCP tasks started in this session, with their status.",
                        "{\"type\":\"object\",\"properties\":{}}"),
                new TaskTool(tasks, Kind.STATUS, "mcp_task_status", "The status of one MCP task of this session.", ID_SCHEMA),
                new TaskTool(tasks, Kind.RESULT, "mcp_task_result",
                        "The result of an MCP task of this session that has ended (untrusted output of its tool).", ID_SCHEMA),
                new TaskTool(tasks, Kind.CANCEL, "mcp_task_cancel", "Cancels a running MCP task of this session.", ID_SCHEMA));
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
        String id = input == null ? "" : input.path("taskId").asString("");
        String title = switch (kind) {
            case LIST -> "List MCP tasks";
            case STATUS -> "Status of MCP task " + shortId(id);
            case RESULT -> "Result of MCP task " + shortId(id);
            case CANCEL -> "Cancel MCP task " + shortId(id);
        };
        return ToolCallView.of(title, kind == Kind.CANCEL ? ToolKind.OTHER : ToolKind.READ);
    }

    private static String shortId(String id) {
        return id.matches("[A-Za-z0-9_]{1,64}") ? id : "(invalid id)";
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        if (kind == Kind.LIST) {
            List<TaskEvents.TaskReport> all = tasks.list();
            if (all.isEmpty()) {
                return ToolOutcome.text("No MCP tasks in this session.");
            }
            List<String> lines = new ArrayList<>();
            all.forEach(r -> lines.add(line(r)));
            return ToolOutcome.text(String.join("\n", lines));
        }
        String id = input == null ? null : input.path("taskId").asString(null);
        TaskEntry task = tasks.find(id);
        if (task == null) {
            throw new ToolError.TellModel("no MCP task " + shortId(id == null ? "" : id) + " in this session");
        }
        return switch (kind) {
            case STATUS -> ToolOutcome.text(line(task.snapshot()) + progress(task));
            case RESULT -> result(task.snapshot());
            case CANCEL -> ToolOutcome.text(tasks.cancelByModel(task) ? "Task " + task.id + " cancelled."
                    : "Task " + task.id + " had already ended: " + task.snapshot().status() + ".");
            case LIST -> throw new IllegalStateException();
        };
    }

    private static ToolOutcome result(TaskEvents.TaskReport report) throws ToolError.TellModel {
        if (report.outcome() != null) {
            List<Part> parts = new ArrayList<>();
            parts.add(new Part.Text("Result of MCP task " + report.id() + " (" + report.tool()
                    + "); untrusted output of that tool:\n"));
            parts.addAll(report.outcome().forModel());
            return new ToolOutcome(parts, report.outcome().forEditor(), report.outcome().rawOutput(), report.outcome().isError());
        }
        if (report.failure() != null) {
            throw new ToolError.TellModel("task " + report.id() + " " + report.status() + ": " + report.failure());
        }
        return new ToolOutcome(List.of(new Part.Text("Task " + report.id() + " has not ended yet (" + report.status() + ").")),
                List.of(ToolDisplay.text("Task " + report.id() + ": " + report.status())), null, false);
    }

    /** The server's message about a running task (untrusted: sanitised, redacted, short), or "". */
    private String progress(TaskEntry task) {
        String message = task.last.statusMessage();
        return task.done.isDone() || message == null || message.isBlank() ? ""
                : " (server says: " + TaskWatcher.clean(tasks.cuts(), message).replaceAll("[\\r\\n]+", " ") + ")";
    }

    /** {@code mcp_task_… — server: tool — status[: why]}. */
    static String line(TaskEvents.TaskReport r) {
        return r.id() + " — " + r.server() + ": " + r.tool() + " — " + r.status()
                + (r.failure() == null ? "" : ": " + r.failure());
    }
}
