package dev.tether.mcp;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * An MCP server to connect to, from the editor's {@code session/new}, a config file or
 * {@code --mcp-config}. Values are as declared (before {@code ${VAR}} expansion).
 */
public sealed interface McpServerSpec {
    String name();

    /** @param cwd working directory, or null for the session's cwd */
    record Stdio(String name, String command, List<String> args, Map<String, String> env, Path cwd) implements McpServerSpec {
        public Stdio {
            args = List.copyOf(args);
            env = Map.copyOf(env);
        }
    }

    record Http(String name, String url, Map<String, String> headers) implements McpServerSpec {
        public Http {
            headers = Map.copyOf(headers);
        }
    }

    /** Legacy HTTP+SSE (protocol 2024-11-05). */
    record Sse(String name, String url, Map<String, String> headers) implements McpServerSpec {
        public Sse {
            headers = Map.copyOf(headers);
        }
    }
}
