package dev.tether.tools.builtin;

import dev.tether.tools.Tool;
import java.time.Duration;
import java.util.List;

/** The built-in tools, in the order they are offered to the model. */
public final class BuiltinTools {
    private BuiltinTools() {}

    public static List<Tool> all() {
        return all(RunCommandTool.DEFAULT_TIMEOUT);
    }

    /** @param commandTimeout the default timeout of run_command (a settings override) */
    public static List<Tool> all(Duration commandTimeout) {
        return List.of(new ReadFileTool(), new WriteFileTool(), new EditFileTool(), new ListFilesTool(),
                new SearchTool(), new RunCommandTool(commandTimeout), new UpdatePlanTool());
    }
}
