package dev.tether.config.policy;

import dev.tether.mcp.api.McpServerSpec;
import dev.tether.mcp.transport.stdio.StdioLaunch;
import dev.tether.mcp.transport.stdio.StdioTransport;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Where a session's stdio servers start: the session's directory (a server's directory when it
 * names none) and the environment Tether starts servers from (its own, without secret values).
 * Commands are resolved by the stdio transport itself ({@link StdioTransport#plan}), so the policy
 * looks at the program the launch will execute.
 */
public record LaunchContext(Path sessionDir, Map<String, String> env) {
    public LaunchContext {
        env = Map.copyOf(env);
    }

    /** What the transport would start for {@code spec}. @throws IOException it would not start */
    StdioLaunch plan(McpServerSpec.Stdio spec) throws IOException {
        try {
            return StdioTransport.plan(spec, sessionDir, env);
        } catch (InvalidPathException e) {
            throw new IOException("the command is not a valid path");
        }
    }

    /** The environment a server gets when it declares no variables. */
    Map<String, String> inherited() {
        return StdioTransport.inheritedEnvironment(env);
    }

    /**
     * The real path of the program {@code command} names for a server in {@code cwd} that declares
     * {@code declared} (its {@code PATH} among them), or null when there is none.
     */
    Path program(String command, Map<String, String> declared, Path cwd) {
        try {
            return plan(new McpServerSpec.Stdio("policy", command, List.of(), declared, cwd, McpServerSpec.Origin.EDITOR))
                    .program().toRealPath();
        } catch (IOException e) {
            return null;
        }
    }

    /** {@code path} (relative to {@code cwd}) with links followed when it exists, else only normalised; null when no path. */
    static Path canonical(Path cwd, String path) {
        try {
            return canonical(cwd.resolve(path));
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /** {@code path} with links followed when it exists, else only normalised. */
    static Path canonical(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.normalize();
        }
    }
}
