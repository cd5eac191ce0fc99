package dev.tether.mcp;

import dev.tether.tools.Tool;
import java.util.List;

/** What tests outside {@code dev.tether.mcp} may see of a runtime beyond its public API. Not a test. */
public final class McpRuntimeProbe {
    private McpRuntimeProbe() {}

    /** The current projection, without the catalog barrier of {@link McpRuntime#awaitTools}. */
    public static List<Tool> tools(McpRuntime runtime) {
        return runtime.tools();
    }
}
