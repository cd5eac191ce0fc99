package dev.tether.tools.builtin;

import dev.tether.security.SecretCuts;
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

    /** @param secrets the variables run_command withholds from commands, and the values every tool masks before it cuts */
    public static List<Tool> all(SecretRegistry secrets) {
        return all(RunCommandTool.DEFAULT_TIMEOUT, secrets);
    }

    public static List<Tool> all(Duration commandTimeout, SecretRegistry secrets) {
        SecretCuts cuts = SecretCuts.of(secrets);
        return List.of(new ReadFileTool(cuts), new WriteFileTool(), new EditFileTool(), new ListFilesTool(),
                new SearchTool(SearchTool.DEFAULT_TIME_LIMIT, cuts), new RunCommandTool(commandTimeout, secrets), new UpdatePlanTool());
    }
}
