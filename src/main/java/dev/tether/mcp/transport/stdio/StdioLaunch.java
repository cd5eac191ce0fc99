package dev.tether.mcp.transport.stdio;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a stdio server's process is started with: the program as it is executed (found on the
 * server's {@code PATH}, or a path with a separator taken against {@code cwd}), its arguments, its
 * whole environment and its working directory. {@link StdioTransport#plan} makes it and
 * {@link StdioTransport#launch} starts exactly it, so whoever reads a plan (the managed policy)
 * looks at what will run, not at what was written.
 *
 * @see <a href="https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio">MCP stdio transport</a>
 */
public record StdioLaunch(Path program, List<String> args, Map<String, String> env, Path cwd) {
    public StdioLaunch {
        args = List.copyOf(args);
        env = Map.copyOf(env);
    }
}
