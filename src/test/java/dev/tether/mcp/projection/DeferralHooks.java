package dev.tether.mcp.projection;

import dev.tether.model.ToolDefinition;
import dev.tether.tools.Tool;
import dev.tether.tools.ToolDeferral;
import dev.tether.tools.builtin.BuiltinTools;
import java.util.ArrayList;
import java.util.List;

/** Lets the deferral benchmark (dev.tether.mcp.bench) choose definitions as a session does. */
public final class DeferralHooks {
    private DeferralHooks() {}

    /** The definitions a session's first model request carries, for the built-ins plus {@code mcpTools}. */
    public static List<ToolDefinition> sent(List<Tool> mcpTools, ToolDeferral settings) {
        DeferredTools deferred = new DeferredTools(settings, List.of(), names -> { });
        List<Tool> all = new ArrayList<>(BuiltinTools.all());
        all.add(new ToolSearchTool(deferred));
        all.addAll(mcpTools);
        return deferred.select(all).stream().map(Tool::definition).toList();
    }
}
