package dev.tether.mcp.projection;

import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpError;
import dev.tether.mcp.api.McpProgress;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.call.Provenance;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.mcp.client.TaskRequests;
import dev.tether.mcp.interaction.elicitation.ToolCallScope;
import dev.tether.model.ToolDefinition;
import dev.tether.security.Redactor;
import dev.tether.security.UnicodeSanitizer;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolCallView;
import dev.tether.tools.ToolContext;
import dev.tether.tools.ToolDisplay;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import dev.tether.tools.ToolTraits;
import dev.tether.tools.rules.Subject;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * An MCP server's tool as the model and the editor see it, built by {@link ToolProjection}.
 * Traits follow the hints the user trusts (their own overrides; the server's annotations only
 * for a server marked {@code trustAnnotations}): trusted read-only tools are category READ
 * (auto-allowed), all others EXTERNAL (asked about in ask and read-only mode); only an
 * explicitly declared destructive tool asks every time; read-only or idempotent tools may be
 * retried once after a reconnect (a server's claim about its own calls, which only repeats a
 * call the user already allowed). "Always allow" is bound to {@link #approvalKey()}, never to
 * the name; titles always begin with the server's name. Progress goes
 * to the editor as {@code tool_call_update}; an {@code isError} answer is a result the model
 * reads, and only a failed call (timeout, lost connection, error answer) is a {@link ToolError.TellModel}.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/server/tools">MCP tools</a>
 */
public final class McpTool implements Tool {
    private final McpToolSpec spec;
    private final McpToolCaller caller;
    private final ResultMapper results;
    private final ToolDefinition definition;
    private final ToolCallScope scope;
    private final McpTaskCaller tasks;

    McpTool(String name, McpToolSpec spec, McpToolCaller caller, ResultMapper results) {
        this(name, spec, caller, results, ToolCallScope.DIRECT);
    }

    McpTool(String name, McpToolSpec spec, McpToolCaller caller, ResultMapper results, ToolCallScope scope) {
        this(name, spec, caller, results, scope, null);
    }

    /** @param tasks runs the call as an MCP task when the tool requires one; null when the server's tasks are off */
    McpTool(String name, McpToolSpec spec, McpToolCaller caller, ResultMapper results, ToolCallScope scope, McpTaskCaller tasks) {
        this.tasks = tasks;
        this.spec = spec;
        this.caller = caller;
        this.results = results;
        this.scope = scope;
        this.definition = new ToolDefinition(name, spec.description(), spec.inputSchema());
    }

    /** The tool's name on its server, as sent. */
    public String rawName() {
        return spec.rawName();
    }

    public String server() {
        return spec.server();
    }

    McpToolSpec spec() {
        return spec;
    }

    /** Whether the server asked that this tool's definition is always sent ({@code _meta} alwaysLoad). */
    public boolean alwaysLoad() {
        return spec.alwaysLoad();
    }

    /** The server's annotations with the user's overrides applied. */
    public McpToolInfo.Hints hints() {
        return spec.hints();
    }

    @Override
    public ToolDefinition definition() {
        return definition;
    }

    @Override
    public ToolTraits traits() {
        return spec.traits();
    }

    @Override
    public String approvalKey() {
        return spec.approvalKey();
    }

    /** Rules see the server's name and the tool's name there, never the projected name. */
    @Override
    public Subject subject(JsonNode input, ToolContext context) {
        return new Subject.Mcp(spec.server(), spec.rawName(), spec.definition(), null);
    }

    @Override
    public JsonNode auditInfo() {
        return spec.auditInfo().deepCopy();
    }

    @Override
    public ToolCallView describe(JsonNode input, ToolContext context) {
        // The server chooses its title: naming the server first keeps it from passing as another's or as Tether's.
        String title = UnicodeSanitizer.clean(spec.server()) + ": " + (spec.title() != null ? spec.title() : spec.shownName());
        if (!spec.hints().isOpenWorld()) {
            return ToolCallView.of(title, spec.traits().kind());
        }
        String note = "Open-world tool of the MCP server \"" + spec.server() + "\": it may reach systems outside this workspace.";
        return new ToolCallView(title, spec.traits().kind(), List.of(), List.of(ToolDisplay.text(note)));
    }

    @Override
    public ToolOutcome run(JsonNode input, ToolContext context) throws ToolError.TellModel {
        if (tasks != null && spec.taskSupport() == McpToolInfo.TaskSupport.REQUIRED) {
            return runAsTask(input, context);
        }
        McpCallResult result;
        // Coalesced, and flushed before the call's final update: the editor sees the latest progress, not a flood.
        try (ProgressCoalescer progressUpdates = new ProgressCoalescer(progress -> report(progress, context))) {
            result = scope.run(spec.server(), context.toolCallId(), context.cancellation(),
                    () -> caller.call(spec.rawName(), input, spec.hints().isRetryable(), context.cancellation(),
                            progressUpdates::offer));
        } catch (McpError e) {
            if (tasks != null && TaskRequests.needsTasks(e)) {
                // A 2026 server says this tool runs only as a task: the call becomes one, as a 2025 "required" tool's would.
                return runAsTask(input, context);
            }
            throw new ToolError.TellModel(results.cuts().redact(spec.server() + ": " + e.getMessage(), Redactor.DEFAULT_MAX_BYTES));
        }
        return results.map(result, spec.outputSchema(), Provenance.toolText(spec.server(), "tool " + spec.rawName()));
    }

    /** Whether the model may start this tool as a task ({@code mcp_task_start}): its server offers tasks and the tool allows them. */
    boolean startsAsTask() {
        return tasks != null && spec.taskSupport() == McpToolInfo.TaskSupport.OPTIONAL;
    }

    /** Runs the call as an MCP task (see {@link #startsAsTask()}). */
    ToolOutcome runAsTask(JsonNode input, ToolContext context) throws ToolError.TellModel {
        // In the call's scope, like a plain call: an elicitation during the foreground wait belongs to this tool call.
        ToolOutcome[] outcome = new ToolOutcome[1];
        ToolError.TellModel[] failed = new ToolError.TellModel[1];
        try {
            scope.run(spec.server(), context.toolCallId(), context.cancellation(), () -> {
                try {
                    outcome[0] = tasks.call(spec, definition.name(), input, context);
                } catch (ToolError.TellModel e) {
                    failed[0] = e;
                }
                return NO_RESULT;
            });
        } catch (McpError e) {
            throw new ToolError.TellModel(results.cuts().redact(spec.server() + ": " + e.getMessage(), Redactor.DEFAULT_MAX_BYTES));
        }
        if (failed[0] != null) {
            throw failed[0];
        }
        return outcome[0];
    }

    private static final McpCallResult NO_RESULT = new McpCallResult(List.of(), null, false);

    private void report(McpProgress progress, ToolContext context) {
        context.progress().show(List.of(ToolDisplay.text(progressText(progress))));
    }

    /** "42/100 — step 3": the numbers, then the server's message (sanitised, redacted, masked, short). */
    String progressText(McpProgress progress) {
        StringBuilder text = new StringBuilder(number(progress.progress()));
        if (progress.total() != null) {
            text.append('/').append(number(progress.total()));
        }
        if (progress.message() != null && !progress.message().isBlank()) {
            text.append(" — ").append(results.cuts().redact(progress.message(), 200));
        }
        return text.toString();
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) : Double.toString(value);
    }
}
