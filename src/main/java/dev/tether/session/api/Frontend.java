package dev.tether.session.api;

import dev.tether.security.SecretRegistry;
import dev.tether.tools.ToolPorts;
import dev.tether.tools.permission.PermissionPrompt;

/**
 * The host every session of a process shows itself in (the editor): it opens, per session,
 * the ports the session talks to the user through.
 */
@FunctionalInterface
public interface Frontend {

    /**
     * The ports of session {@code id}. Whatever they show the user has the values of
     * {@code secrets} masked; requests that act rather than show pass unchanged.
     */
    Ports open(SessionId id, SecretRegistry secrets);

    /**
     * Whether the host shows subagents as child sessions of their own (ACP {@code subagents}); when
     * not, a subagent's work is shown as the progress of the tool call that runs it.
     */
    default boolean showsSubagents() {
        return false;
    }

    /**
     * @param output      what the session shows
     * @param requests    what it asks for its MCP servers
     * @param permissions the tool permission prompt
     * @param tools       files, terminals and plan for its tools
     */
    record Ports(SessionOutput output, EditorRequests requests, PermissionPrompt permissions, ToolPorts tools) {}
}
