package dev.tether.mcp.settings;

import dev.tether.mcp.api.McpToolInfo;
import dev.tether.mcp.auth.api.OAuthClientConfig;
import java.util.List;
import java.util.Map;

/**
 * What the user's configuration says about one server beyond how to reach it: hint overrides
 * per tool (they win over the server's own annotations), which of its tools to allow or deny
 * (name globs with {@code *} and {@code ?}; deny wins; an empty allow list allows all), call
 * timeouts (null for the defaults), whether the session's directories are exposed to it as
 * roots, whether it may ask for sampling, its logging level, an OAuth client registered for
 * it ahead of time (null: discover, use a client ID metadata document, or register dynamically),
 * whether the user trusts the server's own tool annotations, whether its tools may run as
 * MCP tasks ({@code tasks}, off by default: a tool that requires a task is then not offered),
 * its own health check interval in seconds ({@code healthCheckSeconds}; 0 = off, null = the
 * runtime's {@code mcp.healthCheckSeconds}), whether the server's {@code initialize}
 * instructions may reach the model in ACP sessions ({@code instructions}, off by default; they are
 * then labelled as the server's untrusted text, sanitised and bounded), and the MCP revision to
 * speak ({@code protocolVersion}: null probes with {@code server/discover}; {@code 2026-07-28}
 * skips the probe; a 2025 version takes {@code initialize}), and whether a stdio server runs in
 * the OS sandbox ({@code "sandbox": true}, or {@code {"network": false}} to take its network too;
 * null: outside it).
 *
 * <p>Annotations are claims of an untrusted party: unless {@code trustAnnotations} is true, a
 * server's {@code readOnlyHint} and {@code idempotentHint} never let a call run without asking;
 * only the user's own {@code toolHints} (or trusting the server) do.
 */
public record McpServerPolicy(Map<String, McpToolInfo.Hints> toolHints, List<String> allowTools, List<String> denyTools,
                              McpRuntimeOptions.CallTimeouts callTimeouts, boolean exposeRoots, boolean sampling,
                              String logLevel, OAuthClientConfig oauthClient, boolean trustAnnotations, boolean tasks,
                              Integer healthCheckSeconds, boolean instructions, String protocolVersion,
                              StdioSandbox sandbox) {

    /**
     * A stdio server confined by the OS sandbox: it writes only in its working directory and a
     * private {@code /tmp}, and reads nothing of the sandbox's {@code denyRead}.
     *
     * @param network whether it keeps the network (and the host's Unix sockets)
     */
    public record StdioSandbox(boolean network) {}

    /** The policy of a server outside the sandbox. */
    public McpServerPolicy(Map<String, McpToolInfo.Hints> toolHints, List<String> allowTools, List<String> denyTools,
                           McpRuntimeOptions.CallTimeouts callTimeouts, boolean exposeRoots, boolean sampling,
                           String logLevel, OAuthClientConfig oauthClient, boolean trustAnnotations, boolean tasks,
                           Integer healthCheckSeconds, boolean instructions, String protocolVersion) {
        this(toolHints, allowTools, denyTools, callTimeouts, exposeRoots, sampling, logLevel, oauthClient, trustAnnotations, tasks,
                healthCheckSeconds, instructions, protocolVersion, null);
    }
    /** The MCP logging level asked of a server unless its config says otherwise. */
    public static final String DEFAULT_LOG_LEVEL = "warning";
    public static final McpServerPolicy DEFAULT = new McpServerPolicy(Map.of(), List.of(), List.of(), null, false, false,
            DEFAULT_LOG_LEVEL, null);

    /** The policy with the newer switches at their defaults (no tasks, the runtime's health checks, no instructions, a probe). */
    public McpServerPolicy(Map<String, McpToolInfo.Hints> toolHints, List<String> allowTools, List<String> denyTools,
                           McpRuntimeOptions.CallTimeouts callTimeouts, boolean exposeRoots, boolean sampling,
                           String logLevel, OAuthClientConfig oauthClient, boolean trustAnnotations) {
        this(toolHints, allowTools, denyTools, callTimeouts, exposeRoots, sampling, logLevel, oauthClient, trustAnnotations, false,
                null, false, null);
    }

    /** The policy for a server whose annotations are not trusted (the default). */
    public McpServerPolicy(Map<String, McpToolInfo.Hints> toolHints, List<String> allowTools, List<String> denyTools,
                           McpRuntimeOptions.CallTimeouts callTimeouts, boolean exposeRoots, boolean sampling,
                           String logLevel, OAuthClientConfig oauthClient) {
        this(toolHints, allowTools, denyTools, callTimeouts, exposeRoots, sampling, logLevel, oauthClient, false);
    }

    /** The policy without the newer switches (no roots, no sampling, default log level). */
    public McpServerPolicy(Map<String, McpToolInfo.Hints> toolHints, List<String> allowTools, List<String> denyTools,
                           McpRuntimeOptions.CallTimeouts callTimeouts) {
        this(toolHints, allowTools, denyTools, callTimeouts, false, false, DEFAULT_LOG_LEVEL, null);
    }

    /** The policy without a pre-registered OAuth client. */
    public McpServerPolicy(Map<String, McpToolInfo.Hints> toolHints, List<String> allowTools, List<String> denyTools,
                           McpRuntimeOptions.CallTimeouts callTimeouts, boolean exposeRoots, boolean sampling, String logLevel) {
        this(toolHints, allowTools, denyTools, callTimeouts, exposeRoots, sampling, logLevel, null);
    }

    /**
     * Only what this policy takes away from a server: {@code allowTools}, {@code denyTools}, the
     * call timeouts and the sandbox. This is what a server gets of the user's entry for its name when it is not the
     * server the entry was written for (a project's {@code .mcp.json}, or an editor's server whose
     * command or URL changed): every key that grants something (hints, trusted annotations,
     * sampling, roots, tasks, instructions, an OAuth client, a log level, health checks, a pinned
     * revision) falls back to its default.
     */
    public McpServerPolicy restrictions() {
        return new McpServerPolicy(Map.of(), allowTools, denyTools, callTimeouts, false, false, DEFAULT_LOG_LEVEL, null, false,
                false, null, false, null, sandbox);
    }

    /** The keys of this policy that {@link #restrictions()} drops, as the user writes them; empty when it drops nothing. */
    public List<String> grantedKeys() {
        List<String> keys = new java.util.ArrayList<>();
        if (!toolHints.isEmpty()) {
            keys.add("toolHints");
        }
        if (trustAnnotations) {
            keys.add("trustAnnotations");
        }
        if (sampling) {
            keys.add("sampling");
        }
        if (exposeRoots) {
            keys.add("exposeRoots");
        }
        if (tasks) {
            keys.add("tasks");
        }
        if (instructions) {
            keys.add("instructions");
        }
        if (oauthClient != null) {
            keys.add("oauth");
        }
        if (!DEFAULT_LOG_LEVEL.equals(logLevel)) {
            keys.add("logLevel");
        }
        if (healthCheckSeconds != null) {
            keys.add("healthCheckSeconds");
        }
        if (protocolVersion != null) {
            keys.add("protocolVersion");
        }
        return List.copyOf(keys);
    }

    public McpServerPolicy {
        toolHints = Map.copyOf(toolHints);
        allowTools = List.copyOf(allowTools);
        denyTools = List.copyOf(denyTools);
    }
}
