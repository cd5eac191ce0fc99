package dev.tether.mcp.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * An MCP server to connect to, from the editor's {@code session/new}, a config file or
 * {@code --mcp-config}. Values are as declared (before {@code ${VAR}} expansion); {@link #origin()}
 * says who declared it, which decides whether {@code ${VAR}} is expanded at all.
 */
public sealed interface McpServerSpec {
    String name();

    Origin origin();

    /** Who declared a server. */
    enum Origin {
        /** Sent by the editor in {@code session/new}, {@code load} or {@code resume}: values are used literally. */
        EDITOR,
        /** The user's own config file or {@code --mcp-config}: {@code ${VAR}} is expanded (never to Tether's credentials). */
        USER_CONFIG,
        /**
         * A workspace {@code .mcp.json}: started only once the user approved it, and then expanded like
         * the user's own (never to Tether's credentials); the approval names every variable it reads.
         */
        WORKSPACE;

        /** Whether {@code ${VAR}} references in this server's values are expanded. */
        public boolean expands() {
            return this != EDITOR;
        }
    }

    /** @param cwd working directory, or null for the session's cwd */
    record Stdio(String name, String command, List<String> args, Map<String, String> env, Path cwd, Origin origin)
            implements McpServerSpec {
        public Stdio {
            args = List.copyOf(args);
            env = Map.copyOf(env);
        }

        /** A server whose values are used literally, as the editor's are. */
        public Stdio(String name, String command, List<String> args, Map<String, String> env, Path cwd) {
            this(name, command, args, env, cwd, Origin.EDITOR);
        }
    }

    record Http(String name, String url, Map<String, String> headers, Origin origin) implements McpServerSpec {
        public Http {
            headers = Map.copyOf(headers);
        }

        /** A server whose values are used literally, as the editor's are. */
        public Http(String name, String url, Map<String, String> headers) {
            this(name, url, headers, Origin.EDITOR);
        }
    }

    /** Legacy HTTP+SSE (protocol 2024-11-05). */
    record Sse(String name, String url, Map<String, String> headers, Origin origin) implements McpServerSpec {
        public Sse {
            headers = Map.copyOf(headers);
        }

        /** A server whose values are used literally, as the editor's are. */
        public Sse(String name, String url, Map<String, String> headers) {
            this(name, url, headers, Origin.EDITOR);
        }
    }

    /** MCP over WebSocket ({@code ws://} or {@code wss://}, subprotocol {@code mcp}). */
    record WebSocket(String name, String url, Map<String, String> headers, Origin origin) implements McpServerSpec {
        public WebSocket {
            headers = Map.copyOf(headers);
        }

        /** A server whose values are used literally, as the editor's are. */
        public WebSocket(String name, String url, Map<String, String> headers) {
            this(name, url, headers, Origin.EDITOR);
        }
    }
}
