package dev.tether.mcp.projection;

import dev.tether.mcp.call.ReadArtifactTool;
import dev.tether.mcp.call.ResultMapper;
import dev.tether.mcp.connection.ConnectionTasks;
import dev.tether.mcp.connection.McpConnection;
import dev.tether.mcp.connection.content.ConnectionContent;
import dev.tether.mcp.content.CompleteTool;
import dev.tether.mcp.content.ContentAccess;
import dev.tether.mcp.content.ListResourcesTool;
import dev.tether.mcp.content.ReadResourceTool;
import dev.tether.mcp.interaction.elicitation.ToolCallScope;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.mcp.task.McpTasks;
import dev.tether.mcp.task.TaskServer;
import dev.tether.mcp.task.TaskTool;
import dev.tether.security.SecretCuts;
import dev.tether.tools.Tool;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Projects the servers' committed catalogs into tools named {@code mcp__<server>__<tool>},
 * applying each server's policy through {@link ToolProjection}. The result is cached against
 * every connection's view version (and whether the session has artifacts: {@code read_artifact}
 * is offered from the first one on), so the barrier before each model request returns the same
 * list without work when nothing changed.
 */
public final class Projection {
    private final McpRuntimeOptions options;
    private final ToolProjection tools;
    private List<Tool> resourceTools = List.of();
    private List<Tool> completionTools = List.of();
    /** Offered once the session has an artifact to read. */
    private final Tool readArtifact;
    private McpTasks tasks;
    private volatile Map<String, TaskServer> taskServers = Map.of();
    private List<Tool> taskTools = List.of();
    private final Map<String, String> withheld = new java.util.concurrent.ConcurrentHashMap<>();
    private long[] key = new long[0];
    private volatile List<Tool> cached = List.of();

    public Projection(McpRuntimeOptions options) {
        this(options, ToolCallScope.DIRECT);
    }

    public Projection(McpRuntimeOptions options, ToolCallScope scope) {
        this.options = options;
        this.tools = new ToolProjection(options, scope);
        this.readArtifact = new ReadArtifactTool(tools.results().artifacts(), tools.results().limits().inlineTextChars(),
                tools.results().cuts());
    }

    public synchronized List<Tool> of(List<McpConnection> connections) {
        List<McpConnection.ToolView> views = connections.stream().map(McpConnection::toolView).toList();
        boolean artifacts = tools.results().artifacts().any();
        long[] now = java.util.stream.LongStream.concat(views.stream().mapToLong(McpConnection.ToolView::version),
                java.util.stream.LongStream.of(artifacts ? 1 : 0)).toArray();
        if (Arrays.equals(now, key)) {
            return cached;
        }
        int size = views.stream().mapToInt(v -> v.tools().size()).sum();
        List<Tool> projected = new ArrayList<>(size);
        Set<String> taken = new HashSet<>(size * 2);
        boolean anyTasks = false;
        for (int i = 0; i < connections.size(); i++) {
            McpConnection connection = connections.get(i);
            McpServerPolicy policy = options.policyFor(connection.name());
            McpTaskCaller taskCaller = taskCaller(connection);
            anyTasks |= taskCaller != null;
            projected.addAll(tools.project(connection.name(), views.get(i).tools(), policy,
                    ToolProjection.caller(connection), taskCaller, taken));
            String note = ToolProjection.withheld(views.get(i).tools(), policy, taskCaller != null);
            if (note == null) {
                withheld.remove(connection.name());
            } else {
                withheld.put(connection.name(), note);
            }
        }
        projected.addAll(contentTools(connections));
        if (artifacts) {
            projected.add(readArtifact);
        }
        if (anyTasks) {
            projected.addAll(taskTools);
            if (projected.stream().anyMatch(t -> t instanceof McpTool m && m.startsAsTask())) {
                projected.add(new TaskStartTool(() -> cached));
            }
        }
        cached = List.copyOf(projected);
        key = now;
        return cached;
    }

    /** The user's policy for one server. */
    public McpServerPolicy policyFor(String server) {
        return options.policyFor(server);
    }

    public McpRuntimeOptions options() {
        return options;
    }

    /** The mapper tool results go through; resource reads and prompts reuse it so the rules are identical. */
    public ResultMapper results() {
        return tools.results();
    }

    /** Runs calls of task-requiring tools through {@code tasks}, for the servers in {@code servers} that offer tasks. */
    public synchronized void useTasks(McpTasks registry) {
        tasks = registry;
        taskTools = TaskTool.all(registry);
        key = new long[0];
    }

    /** The task caller of one more server (a server starting with the runtime, or one added later). */
    public synchronized void addTaskServer(String server, TaskServer caller) {
        Map<String, TaskServer> all = new java.util.LinkedHashMap<>(taskServers);
        all.put(server, caller);
        taskServers = Map.copyOf(all);
        key = new long[0];
    }

    /** The task caller for a connection whose policy enables tasks and which declared them, else null. */
    private McpTaskCaller taskCaller(McpConnection connection) {
        TaskServer server = taskServers.get(connection.name());
        if (tasks == null || server == null || !ConnectionTasks.offered(connection, options)) {
            return null;
        }
        McpTasks registry = tasks;
        return (spec, name, input, context) -> registry.run(server, name, spec.rawName(), input, spec.outputSchema(),
                context.cancellation());
    }

    /** Why some of a server's tools were not offered at the last projection, or null. */
    public String withheld(String server) {
        return withheld.get(server);
    }

    /** Enables the content model tools over {@code access}. */
    public synchronized void useContent(ContentAccess access) {
        SecretCuts cuts = tools.results().cuts();
        resourceTools = List.of(new ListResourcesTool(access, cuts), new ReadResourceTool(access, cuts));
        completionTools = List.of(new CompleteTool(access, cuts));
        key = new long[0];
    }

    /** The resource tools when a ready server has resources, the completion tool when one offers completions. */
    private List<Tool> contentTools(List<McpConnection> connections) {
        boolean resources = false;
        boolean completions = false;
        for (McpConnection c : connections) {
            if (c.isReady()) {
                ConnectionContent.Declared declared = c.content().declared();
                resources |= declared.resources();
                completions |= declared.completions();
            }
        }
        List<Tool> out = new ArrayList<>();
        if (resources) {
            out.addAll(resourceTools);
        }
        if (completions) {
            out.addAll(completionTools);
        }
        return out;
    }
}
