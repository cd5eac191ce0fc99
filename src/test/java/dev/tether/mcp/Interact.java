package dev.tether.mcp;

import static dev.tether.testing.mcp.McpTestSupport.context;
import static dev.tether.testing.mcp.McpTestSupport.options;
import static dev.tether.testing.mcp.McpTestSupport.tool;

import dev.tether.base.Cancellation;
import dev.tether.json.Json;
import dev.tether.mcp.api.McpCallResult;
import dev.tether.mcp.api.McpContent;
import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.interaction.InteractionSettings;
import dev.tether.mcp.interaction.McpHost;
import dev.tether.mcp.interaction.McpInteraction;
import dev.tether.mcp.interaction.elicitation.ElicitationHook;
import dev.tether.mcp.settings.McpConnectionSettings;
import dev.tether.mcp.settings.McpRuntimeOptions;
import dev.tether.mcp.settings.McpServerPolicy;
import dev.tether.model.Part;
import dev.tether.testing.mcp.TestSettings;
import dev.tether.tools.ToolError;
import dev.tether.tools.ToolOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Test shorthand: a runtime with a scripted host, and calls to chaos tools through their projected tools. */
public final class Interact {
    private Interact() {}

    static final InteractionSettings FAST = TestSettings.elicitationWaits(Duration.ofSeconds(5), Duration.ofSeconds(2));

    static McpServerPolicy policy(boolean roots, boolean sampling, String logLevel) {
        return new McpServerPolicy(Map.<String, McpToolInfo.Hints>of(), List.of(), List.of(), null, roots, sampling, logLevel);
    }

    static McpRuntime start(McpHost host, Map<String, McpServerPolicy> policies, McpServerSpec... specs) {
        return start(host, policies, ElicitationHook.PASS, specs);
    }

    static McpRuntime start(McpHost host, Map<String, McpServerPolicy> policies, ElicitationHook hook, McpServerSpec... specs) {
        return start(host, policies, FAST, hook, specs);
    }

    static McpRuntime start(McpHost host, Map<String, McpServerPolicy> policies, InteractionSettings settings,
                            McpServerSpec... specs) {
        return start(host, policies, settings, ElicitationHook.PASS, specs);
    }

    private static McpRuntime start(McpHost host, Map<String, McpServerPolicy> policies, InteractionSettings settings,
                                    ElicitationHook hook, McpServerSpec... specs) {
        McpRuntimeOptions options = options().withHost(host).withPolicies(policies);
        McpRuntime runtime = McpRuntime.start(List.of(specs), options, McpRuntimeListener.NONE, McpConnectionSettings.DEFAULT,
                new McpInteraction(options.host(), options::grantsFor, settings, hook));
        runtime.awaitTools(Duration.ofSeconds(30), Cancellation.root());
        return runtime;
    }

    /** Runs a server's tool as the agent loop would, with ACP tool call id {@code toolCallId}. */
    static String run(McpRuntime runtime, String server, String tool, JsonNode args, String toolCallId) throws ToolError {
        ToolOutcome outcome = tool(runtime.tools(), "mcp__" + server + "__" + tool)
                .run(args, context(toolCallId, Cancellation.root(), null));
        return outcome.forModel().stream().map(p -> ((Part.Text) p).text()).reduce("", String::concat);
    }

    /** Makes the chaos server send {@code method} with {@code params}; returns its view of our answer. */
    static JsonNode ask(McpRuntime runtime, String server, String method, JsonNode params) {
        ObjectNode args = Json.object();
        args.put("method", method);
        args.set("params", params);
        McpCallResult result = runtime.connection(server).call("ask", args, false, Cancellation.root(), p -> { });
        return Json.parse(((McpContent.Text) result.content().getFirst()).text());
    }

    /** As {@link #ask}, from inside a call of the projected {@code ask} tool with ACP id {@code toolCallId}. */
    static JsonNode askDuringCall(McpRuntime runtime, String server, String method, JsonNode params, String toolCallId)
            throws ToolError {
        ObjectNode args = Json.object();
        args.put("method", method);
        args.set("params", params);
        return Json.parse(run(runtime, server, "ask", args, toolCallId));
    }

    static JsonNode stats(McpRuntime runtime, String server) {
        McpCallResult result = runtime.connection(server).call("stats", Json.object(), false, Cancellation.root(), p -> { });
        return Json.parse(((McpContent.Text) result.content().getFirst()).text());
    }

    public static ObjectNode json(String text) {
        return (ObjectNode) Json.parse(text.replace('\'', '"'));
    }
}
