package dev.tether.tools.builtin;

import dev.tether.security.SecretRegistry;
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
        return all(commandTimeout, SecretRegistry.empty());
    }

    /** @param secrets the variables run_command withholds from commands */
    public static List<Tool> all(SecretRegistry secrets) {
        return all(RunCommandTool.DEFAULT_TIMEOUT, secrets);
    }

    public static List<Tool> all(Duration commandTimeout, SecretRegistry secrets) {
        return List.of(new ReadFileTool(), new WriteFileTool(), new EditFileTool(), new ListFilesTool(),
                new SearchTool(), new RunCommandTool(commandTimeout, secrets), new UpdatePlanTool());
    }
}
