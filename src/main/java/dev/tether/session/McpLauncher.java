package dev.tether.session;

import dev.tether.agent.Cancellation;
import dev.tether.mcp.McpServerSpec;
import dev.tether.tools.Tool;
import java.nio.file.Path;
import java.util.List;

/** Starts the MCP runtime of one session. The seam keeps the session testable without processes. */
public interface McpLauncher {

    /**
     * Starts connecting to {@code servers} in the background and returns at once.
     *
     * @param artifactDir the session-private directory for results too big to keep inline
     */
    Servers start(List<McpServerSpec> servers, Path cwd, Path artifactDir, Listener listener);

    /** A session's connected (or connecting) MCP servers. */
    interface Servers extends AutoCloseable {
        /** The catalog barrier: waits (bounded) for servers still starting, returns the projected tools. */
        List<Tool> awaitTools(Cancellation cancellation);

        /** Ends every server process and connection. */
        @Override
        void close();
    }

    /** What the session tells the user about its servers. */
    interface Listener {
        void serverFailed(String server, String reason);

        void toolsChanged();
    }
}
