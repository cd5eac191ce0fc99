package dev.tether.mcp;

import dev.tether.mcp.api.ServerStatus;
import java.util.List;

/**
 * What changed in a session's MCP runtime, as immutable records. {@link #revision()} increases
 * by one with every event the runtime delivers, across all servers, in delivery order; an event
 * of a connection generation that is no longer current is never delivered.
 */
public sealed interface McpRuntimeEvent {
    long revision();

    String server();

    int generation();

    /** A server's state changed; {@code status} is a snapshot taken when it changed. */
    record StateChanged(long revision, String server, int generation, ServerStatus status) implements McpRuntimeEvent {}

    /**
     * The tools the model can see from {@code server} changed: a new catalog was committed, or the
     * server's tools were withdrawn (recovering, failed, disconnected) or came back.
     */
    record ToolsChanged(long revision, String server, int generation, long catalogRevision, List<String> toolNames)
            implements McpRuntimeEvent {
        public ToolsChanged {
            toolNames = List.copyOf(toolNames);
        }
    }
}
