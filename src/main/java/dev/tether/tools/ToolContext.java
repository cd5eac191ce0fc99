package dev.tether.tools;

import dev.tether.acp.ClientCapabilities;
import dev.tether.acp.ClientChannel;
import dev.tether.acp.SessionUpdates;
import dev.tether.base.Cancellation;

/**
 * Everything a running tool call may use.
 *
 * @param client         the editor (fs/*, terminal/* when {@code capabilities} offer them)
 * @param updates        sends session updates (e.g. a plan, or tool_call_update content for this call)
 * @param cancellation   fires when the turn is cancelled
 * @param protectedPaths the paths whose writes count as commands ({@link Tool#traitsFor})
 */
public record ToolContext(String sessionId, String toolCallId, Workspace workspace, ClientChannel client,
                          ClientCapabilities capabilities, SessionUpdates updates, Cancellation cancellation,
                          ProtectedPaths protectedPaths) {

    /** A context with only the default protected paths. */
    public ToolContext(String sessionId, String toolCallId, Workspace workspace, ClientChannel client,
                       ClientCapabilities capabilities, SessionUpdates updates, Cancellation cancellation) {
        this(sessionId, toolCallId, workspace, client, capabilities, updates, cancellation, ProtectedPaths.DEFAULT);
    }
}
