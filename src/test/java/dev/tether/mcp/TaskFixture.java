package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.javaServer;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;

import dev.tether.base.Cancellation;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.interaction.McpInteraction;
import dev.tether.mcp.interaction.elicitation.ElicitationHook;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.mcp.task.TaskSettings;
import dev.tether.model.Part;
import dev.tether.testing.mcp.ScriptedHost;
import dev.tether.testing.mcp.TaskMcpServer;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Test shorthand for MCP tasks: the task server, a runtime with tasks on or off, calls through projected tools. */
final class TaskFixture {
    private TaskFixture() {}

    /** Polling fast enough for tests (the public floor is five seconds). */
    static TaskSettings fast(Duration foreground) {
        return TestSettings.withPolling(TaskSettings.DEFAULT.withForeground(foreground), Duration.ofMillis(50), Duration.ofMillis(100));
    }

    static McpServerPolicy policy(boolean tasks) {
        return TestSettings.withTasks(tasks);
    }

    static McpServerSpec.Stdio server(String name, Path record, String... flags) {
        List<String> args = new ArrayList<>(List.of("--record", record.toString()));
        args.addAll(List.of(flags));
        return javaServer(name, TaskMcpServer.class, Map.of(), args.toArray(String[]::new));
    }

    static McpRuntime start(ScriptedHost host, boolean tasks, TaskSettings settings, McpServerSpec spec) {
        McpRuntimeOptions options = options().withHost(host).withPolicies(Map.of(spec.name(), policy(tasks))).withTasks(settings);
        McpRuntime runtime = McpRuntime.start(List.of(spec), options, McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT,
                new McpInteraction(options.host(), options::grantsFor, Interact.FAST, ElicitationHook.PASS));
        runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
        return runtime;
    }

    static ToolOutcome run(McpRuntime runtime, String name, JsonNode args, Cancellation turn) throws ToolError {
        return tool(runtime.tools(), name).run(args, context("call-1", turn, null));
    }

    static String text(ToolOutcome outcome) {
        StringBuilder text = new StringBuilder();
        outcome.forModel().forEach(p -> text.append(p instanceof Part.Text t ? t.text() : ""));
        return text.toString();
    }

    /** The requests the task server received so far, one per line. */
    static List<String> received(Path record) throws IOException {
        return Files.exists(record) ? Files.readAllLines(record) : List.of();
    }
}
