package dev.tether.mcp;

import java.util.List;
import java.util.Map;

/**
 * What the user's configuration says about one server beyond how to reach it: hint overrides
 * per tool (they win over the server's own annotations), which of its tools to allow or deny
 * (name globs with {@code *} and {@code ?}; deny wins; an empty allow list allows all), and
 * call timeouts (null for the defaults).
 */
public record McpServerPolicy(Map<String, McpToolInfo.Hints> toolHints, List<String> allowTools, List<String> denyTools,
                              McpRuntimeOptions.CallTimeouts callTimeouts) {
    public static final McpServerPolicy DEFAULT = new McpServerPolicy(Map.of(), List.of(), List.of(), null);

    public McpServerPolicy {
        toolHints = Map.copyOf(toolHints);
        allowTools = List.copyOf(allowTools);
        denyTools = List.copyOf(denyTools);
    }
}
